"""Typed errors from the real API, and tenant isolation."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from limbic import BadUserInputError, Limbic, NotFoundError, UnauthenticatedError

pytestmark = pytest.mark.stack


def test_bad_input_is_bad_user_input_naming_the_field(limbic: Limbic, agent_id: str) -> None:
    with pytest.raises(BadUserInputError) as raised:
        limbic.recall(agent_id, "anything", top_k=1000)
    assert (raised.value.code, raised.value.field, raised.value.path) == ("BAD_USER_INPUT", "topK", ("recall",))
    with pytest.raises(BadUserInputError) as tags:
        limbic.recall(agent_id, "anything", context_tags=["x" * 65])
    assert (tags.value.code, tags.value.field) == ("BAD_USER_INPUT", "context.tags")
    with pytest.raises(BadUserInputError) as scope:
        limbic.remember(agent_id, "x", scope="not a valid scope!")
    assert scope.value.field == "scope"
    # Refused before anything was written.
    assert list(limbic.memories(agent_id)) == []


def test_an_unknown_agent_or_memory_is_not_found(limbic: Limbic, fresh_id: Callable[[str], str]) -> None:
    missing = fresh_id("py-missing")
    with pytest.raises(NotFoundError) as raised:
        limbic.agent(missing)
    assert raised.value.code == "NOT_FOUND" and missing in raised.value.message
    # Naming an unknown agent inside an input is a bad input, naming the field.
    with pytest.raises(BadUserInputError) as encode:
        limbic.remember(missing, "to nobody")
    assert encode.value.field == "agentId"
    with pytest.raises(NotFoundError):
        limbic.memory("00000000-0000-4000-8000-000000000000")


def test_a_wrong_key_is_unauthenticated(agent_id: str, stack_url: str) -> None:
    with Limbic(stack_url, api_key="not-a-key") as stranger:
        with pytest.raises(UnauthenticatedError) as graphql:
            stranger.agent(agent_id)
        assert graphql.value.status == 401
        with pytest.raises(UnauthenticatedError):
            list(stranger.iter_export(agent_id))


def test_tenant_b_cannot_read_tenant_a(limbic: Limbic, limbic_b: Limbic, agent_id: str) -> None:
    memory = limbic.remember(agent_id, "Tenant A's secret launch date is the 3rd of March.")
    with pytest.raises(NotFoundError):
        limbic_b.memory(memory.id)
    with pytest.raises(NotFoundError):
        limbic_b.agent(agent_id)
    with pytest.raises(BadUserInputError) as recall:
        limbic_b.recall(agent_id, "secret launch date")
    assert "secret" not in recall.value.message
    with pytest.raises(NotFoundError):
        limbic_b.forget(memory.id)
    with pytest.raises(NotFoundError):
        b"".join(limbic_b.iter_export(agent_id))
    assert agent_id not in {a.id for a in limbic_b.agents()}
    # B may hold an agent of the same id: a different one, without A's memory.
    limbic_b.create_agent(agent_id)
    assert list(limbic_b.memories(agent_id)) == []
    assert limbic_b.recall(agent_id, "secret launch date").items == []
    assert limbic.memory(memory.id).archived is False
