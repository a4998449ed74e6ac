"""Feedback on a recalled memory teaches the agent's weights for that query type."""

from __future__ import annotations

import time

import pytest

from limbic import FeedbackResult, Limbic, NotFoundError

pytestmark = pytest.mark.stack


def feedback_once_recorded(limbic: Limbic, recall_id: str, memory_id: str) -> FeedbackResult:
    """The API records a recall just after answering it; feedback before that is NOT_FOUND."""
    deadline = time.monotonic() + 15
    while True:
        try:
            return limbic.feedback(recall_id, memory_id, signal="USED")
        except NotFoundError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_feedback_applies_once_and_is_learned(limbic: Limbic, agent_id: str) -> None:
    memory = limbic.remember(agent_id, "The release checklist lives in the ops wiki under 'Shipping'.")
    result = limbic.recall(agent_id, "where is the release checklist?")
    assert result.items[0].memory.id == memory.id

    first = feedback_once_recorded(limbic, result.recall_id, memory.id)
    assert (first.agent_id, first.applied, first.query_type) == (agent_id, True, result.query_type)
    assert first.weights is not None
    again = limbic.feedback(result.recall_id, memory.id, signal="USED")
    assert again.applied is False

    learned = {w.query_type: w for w in limbic.agent(agent_id).learned_weights}
    assert result.query_type in learned
    assert learned[result.query_type].weights == first.weights


def test_feedback_on_an_unknown_recall_is_not_found(limbic: Limbic, agent_id: str) -> None:
    memory = limbic.remember(agent_id, "Anything at all.")
    with pytest.raises(NotFoundError):
        limbic.feedback("00000000-0000-4000-8000-000000000000", memory.id, score=0.5)
