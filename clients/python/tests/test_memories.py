"""Remember, recall (with explain), list, correct and forget, on the real stack (sync client)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from limbic import Limbic, MemoryListFilter, RecallResult

pytestmark = pytest.mark.stack

OUTAGE = "The production database went down for two hours because the disk filled up."
OTHERS = [
    "Bo prefers morning meetings and strong coffee.",
    "The team picnic is planned for the first Saturday of June.",
    "Ada finished reading a novel about lighthouse keepers.",
]


def test_create_agent_is_idempotent_and_listed(limbic: Limbic, agent_id: str) -> None:
    again = limbic.create_agent(agent_id)
    assert (again.id, again.preset) == (agent_id, "agent")
    assert 0 <= again.energy <= 1
    assert agent_id in {a.id for a in limbic.agents(page_size=2)}


def test_remember_then_recall_finds_it(limbic: Limbic, agent_id: str) -> None:
    for text in OTHERS:
        limbic.remember(agent_id, text)
    stored = limbic.remember(
        agent_id, OUTAGE, tags=["ops"], affect={"valence": -0.7, "arousal": 0.8}, metadata={"source": "pager"}
    )
    assert (stored.content, stored.tags, stored.metadata) == (OUTAGE, ["ops"], {"source": "pager"})
    assert stored.valence == pytest.approx(-0.7)

    result = limbic.recall(agent_id, "why did the production database go down?", top_k=3)
    assert result.items[0].memory.id == stored.id
    assert [item.rank for item in result.items] == list(range(1, len(result.items) + 1))
    assert result.recall_id
    assert result.items[0].explanation is None  # only with explain

    # The filter is applied inside the search: another tag recalls nothing of it.
    filtered = limbic.recall(agent_id, "database outage", filter={"tags_any": ["cooking"]})
    assert filtered.items == []


def test_remember_with_an_external_id_is_idempotent(limbic: Limbic, agent_id: str) -> None:
    first = limbic.remember(agent_id, "Deploy 42 went out.", external_id="deploy-42")
    second = limbic.remember(agent_id, "Deploy 42 went out.", external_id="deploy-42")
    assert second.id == first.id
    assert [m.id for m in limbic.memories(agent_id)] == [first.id]


def test_a_speaker_is_kept_and_a_query_naming_it_lifts_their_memories(limbic: Limbic, agent_id: str) -> None:
    said = limbic.remember(agent_id, "I finally booked the trip to Lisbon for May.", speaker="Ada")
    other = limbic.remember(agent_id, "Booked the trip to Lisbon? Great, May is lovely there!", speaker="Bo")
    assert (said.speaker, other.speaker) == ("Ada", "Bo")
    result = limbic.recall(agent_id, "When did Ada book the trip to Lisbon?", explain=True, top_k=5)
    signals = {item.memory.id: item.explanation.signals.speaker for item in result.items if item.explanation}
    assert signals[said.id] == 1
    assert signals[other.id] == 0
    assert result.weights.speaker > 0
    corrected = limbic.update_memory(other.id, speaker="Ada")
    assert corrected.speaker == "Ada"
    assert limbic.update_memory(other.id, importance=0.9).speaker == "Ada"
    assert limbic.update_memory(other.id, speaker=None).speaker is None


def test_recall_explains_its_scores(limbic: Limbic, agent_id: str) -> None:
    limbic.remember(agent_id, OUTAGE)
    limbic.remember(agent_id, OTHERS[0])
    result = limbic.recall(agent_id, "database disk full", explain=True, top_k=5)
    assert result.items
    for item in result.items:
        explanation = item.explanation
        assert explanation is not None
        signals = explanation.signals.model_dump()
        assert set(signals) >= {"semantic", "lexical", "mood_congruence", "recency", "resonance"}
        assert all(0 <= value <= 1 for value in signals.values())
        # weight × signal, summed, is the score.
        assert sum(explanation.weighted.model_dump().values()) == pytest.approx(item.score, abs=1e-6)
        assert sum(explanation.weights.model_dump().values()) == pytest.approx(1, abs=1e-6)
    assert result.weights == result.items[0].explanation.weights  # type: ignore[union-attr]


def test_memories_pagination_visits_every_memory_exactly_once(limbic: Limbic, agent_id: str) -> None:
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    # Two memories per instant: pages must break ties (by id) without repeating or skipping.
    ids = [
        limbic.remember(
            agent_id, f"Log line number {i} of the nightly job.", occurred_at=start + timedelta(minutes=i // 2)
        ).id
        for i in range(23)
    ]
    seen = [m.id for m in limbic.memories(agent_id, page_size=4, order="OCCURRED_AT_ASC")]
    assert len(seen) == len(set(seen)) == 23
    assert set(seen) == set(ids)
    # Oldest first, ties by id.
    listed = list(limbic.memories(agent_id, page_size=5, order="OCCURRED_AT_ASC"))
    assert [(m.occurred_at, m.id) for m in listed] == sorted((m.occurred_at, m.id) for m in listed)

    first = limbic.memories_page(agent_id, first=10, total_count=True)
    assert (len(first.items), first.total_count, first.has_next_page) == (10, 23, True)
    last = limbic.memories_page(agent_id, first=20, after=first.end_cursor)
    assert (len(last.items), last.has_next_page) == (13, False)

    only_late = MemoryListFilter(occurred_after=start + timedelta(minutes=10))
    assert {m.occurred_at for m in limbic.memories(agent_id, filter=only_late, page_size=1)} == {
        start + timedelta(minutes=10),
        start + timedelta(minutes=11),
    }


def test_update_memory_then_forget_and_list_archived(limbic: Limbic, agent_id: str) -> None:
    memory = limbic.remember(agent_id, "The outage lasted two hours.", metadata={"source": "chat"})
    updated = limbic.update_memory(memory.id, content="The outage lasted three hours.", tags=["ops", "postmortem"])
    assert (updated.id, updated.content, sorted(updated.tags)) == (
        memory.id,
        "The outage lasted three hours.",
        ["ops", "postmortem"],
    )
    assert updated.metadata == {"source": "chat"}  # left out: unchanged
    assert limbic.update_memory(memory.id, metadata=None).metadata is None  # None: removed

    forgotten = limbic.forget(memory.id)
    assert forgotten.mode == "ARCHIVED" and forgotten.memory is not None and forgotten.memory.archived
    assert list(limbic.memories(agent_id)) == []
    assert [m.id for m in limbic.memories(agent_id, filter={"archived": "ARCHIVED"})] == [memory.id]
    assert limbic.forget(memory.id, hard=True).mode == "DELETED"
    assert list(limbic.memories(agent_id, filter={"archived": "ALL"})) == []


def test_context_tags_raise_a_tagged_memory(limbic: Limbic, agent_id: str) -> None:
    # Two memories alike but for their tags; only the importance signal weighs.
    billing = limbic.remember(agent_id, "The invoice run finished late again.", tags=["billing"], importance=0.5)
    travel = limbic.remember(agent_id, "The invoice run finished late again!", tags=["travel"], importance=0.5)

    def importance(result: RecallResult, memory_id: str) -> float:
        item = next(i for i in result.items if i.memory.id == memory_id)
        assert item.explanation is not None
        return item.explanation.signals.importance

    weights = {"importance": 1.0}
    # The query's own concepts are the context so far: both alike.
    plain = limbic.recall(agent_id, "invoice run", weights=weights, explain=True, top_k=2)
    assert importance(plain, billing.id) == pytest.approx(importance(plain, travel.id))
    result = limbic.recall(agent_id, "invoice run", weights=weights, explain=True, top_k=2, context_tags=["Billing"])
    assert result.items[0].memory.id == billing.id
    # importance · (1 + 0.5 · share of its tags in the context): billing's share grew, travel's did not.
    assert importance(result, billing.id) > importance(plain, billing.id) + 0.01
    assert importance(result, travel.id) == pytest.approx(importance(plain, travel.id))
