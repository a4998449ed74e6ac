"""What each facade method sends and how its answer is read, shared by the sync and async clients.

A `Call` is one GraphQL request: its document, variables, the root field of the answer, a
parser into a typed model, and whether repeating it is harmless (which alone allows retries).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from . import documents as doc
from .models import (
    Affect,
    AffectInput,
    Agent,
    AgentPage,
    AgentPreset,
    FeedbackResult,
    FeedbackSignal,
    ForgetResult,
    GoalInput,
    Memory,
    MemoryFilter,
    MemoryListFilter,
    MemoryOrder,
    MemoryPage,
    RecallProfile,
    RecallResult,
    SignalWeights,
    Spread,
)

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

AffectLike = AffectInput | Affect | Mapping[str, float]
GoalLike = GoalInput | str | tuple[str, float]
JSONObject = Mapping[str, Any]


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
"""Marks an argument left out where None means something (update_memory's metadata=None removes it)."""


@dataclass(frozen=True)
class Call(Generic[T]):
    document: str
    variables: Mapping[str, Any]
    root: str
    parse: Callable[[Any], T]
    idempotent: bool


def _model(cls: type[M]) -> Callable[[Any], M]:
    return cls.model_validate


def _page(cls: type[M]) -> Callable[[Any], Any]:
    def parse(connection: Any) -> Any:
        return cls.model_validate(
            {
                "items": [edge["node"] for edge in connection["edges"]],
                "endCursor": connection["pageInfo"]["endCursor"],
                "hasNextPage": connection["pageInfo"]["hasNextPage"],
                "totalCount": connection.get("totalCount"),
            }
        )

    return parse


def _compact(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def iso(value: datetime) -> str:
    """RFC 3339 as the API wants it; a naive datetime is refused rather than guessed at."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(
            f"datetime {value!r} has no time zone: pass an aware datetime, e.g. datetime.now(timezone.utc)"
        )
    return value.isoformat()


def affect_input(value: AffectLike) -> dict[str, Any]:
    if isinstance(value, Affect):
        return value.model_dump()
    if isinstance(value, AffectInput):
        return value.to_variables()
    return AffectInput.model_validate(value).to_variables()


def _goal(value: GoalLike) -> dict[str, Any]:
    if isinstance(value, GoalInput):
        return value.to_variables()
    if isinstance(value, str):
        return GoalInput(name=value).to_variables()
    name, priority = value
    return GoalInput(name=name, priority=priority).to_variables()


def _filter(value: MemoryFilter | Mapping[str, Any] | None, cls: type[MemoryFilter]) -> dict[str, Any] | None:
    if value is None:
        return None
    model = value if isinstance(value, cls) else cls.model_validate(value)
    return model.to_variables()


def _weights(value: SignalWeights | Mapping[str, float] | None) -> dict[str, Any] | None:
    if value is None:
        return None
    return (value if isinstance(value, SignalWeights) else SignalWeights.model_validate(value)).to_variables()


def _spread(value: Spread | Mapping[str, Any] | None) -> dict[str, Any] | None:
    if value is None:
        return None
    return (value if isinstance(value, Spread) else Spread.model_validate(value)).to_variables()


def create_agent(agent_id: str, preset: AgentPreset | None, time_zone: str | None = None) -> Call[Agent]:
    # The API makes createAgent idempotent: the same id and preset answer the existing agent.
    agent_input = _compact({"id": agent_id, "preset": preset, "timeZone": time_zone})
    return Call(doc.CREATE_AGENT, {"input": agent_input}, "createAgent", _model(Agent), True)


def update_agent(agent_id: str, preset: AgentPreset | None, time_zone: str | None) -> Call[Agent]:
    # Setting the same values again leaves the same agent.
    agent_input = _compact({"preset": preset, "timeZone": time_zone})
    return Call(doc.UPDATE_AGENT, {"id": agent_id, "input": agent_input}, "updateAgent", _model(Agent), True)


def agent(agent_id: str) -> Call[Agent]:
    return Call(doc.AGENT, {"id": agent_id}, "agent", _model(Agent), True)


def agents_page(first: int, after: str | None) -> Call[AgentPage]:
    return Call(doc.AGENTS, {"first": first, "after": after}, "agents", _page(AgentPage), True)


def delete_agent(agent_id: str) -> Call[bool]:
    # Deleting twice leaves the same state (the second removes nothing); the answer says which.
    return Call(doc.DELETE_AGENT, {"id": agent_id}, "deleteAgent", lambda r: bool(r["agentDeleted"]), True)


def remember(
    agent_id: str,
    content: str,
    *,
    affect: AffectLike | None,
    tags: Sequence[str] | None,
    scope: str | None,
    occurred_at: datetime | None,
    importance: float | None,
    metadata: JSONObject | None,
    external_id: str | None,
    now: datetime | None = None,
    speaker: str | None = None,
) -> Call[Memory]:
    encode_input = _compact(
        {
            "agentId": agent_id,
            "content": content,
            "affect": affect_input(affect) if affect is not None else None,
            "tags": list(tags) if tags is not None else None,
            "scope": scope,
            "speaker": speaker,
            "occurredAt": iso(occurred_at) if occurred_at is not None else None,
            "importance": importance,
            "metadata": dict(metadata) if metadata is not None else None,
            "externalId": external_id,
            "now": iso(now) if now is not None else None,
        }
    )
    # Only an externalId makes encode idempotent (a repeat answers the first memory); without
    # one a retry after the request reached the server would store the memory twice.
    return Call(doc.ENCODE, {"input": encode_input}, "encode", _model(Memory), external_id is not None)


def recall(
    agent_id: str,
    query: str,
    *,
    top_k: int | None,
    filter: MemoryFilter | Mapping[str, Any] | None,
    explain: bool,
    profile: RecallProfile | None,
    weights: SignalWeights | Mapping[str, float] | None,
    query_affect: AffectLike | None,
    spread: Spread | Mapping[str, Any] | None,
    now: datetime | None,
    context_tags: Sequence[str] | None = None,
) -> Call[RecallResult]:
    recall_input = _compact(
        {
            "agentId": agent_id,
            "query": query,
            "topK": top_k,
            "filter": _filter(filter, MemoryFilter),
            "explain": explain,
            "profile": profile,
            "weights": _weights(weights),
            "queryAffect": affect_input(query_affect) if query_affect is not None else None,
            "spread": _spread(spread),
            "now": iso(now) if now is not None else None,
            "context": {"tags": list(context_tags)} if context_tags is not None else None,
        }
    )
    # A query: its effects (access counts, Hebbian strengthening) are applied once per recallId
    # by the worker, and a repeated recall is a new recall, as calling twice would be.
    return Call(doc.RECALL, {"input": recall_input}, "recall", _model(RecallResult), True)


def observe(agent_id: str, text: str, now: datetime | None = None) -> Call[Agent]:
    variables = {"agentId": agent_id, "text": text, "now": iso(now) if now is not None else None}
    return Call(doc.OBSERVE, variables, "observe", _model(Agent), False)


def set_feeling(agent_id: str, affect: AffectLike) -> Call[Agent]:
    # Not idempotent: each setAffect moves mood and momentum again.
    return Call(
        doc.SET_AFFECT, {"agentId": agent_id, "affect": affect_input(affect)}, "setAffect", _model(Agent), False
    )


def set_goals(agent_id: str, goals: Iterable[GoalLike]) -> Call[Agent]:
    # Replaces the goals: the same list twice is the same state.
    variables = {"agentId": agent_id, "goals": [_goal(g) for g in goals]}
    return Call(doc.SET_GOALS, variables, "setGoals", _model(Agent), True)


def forget(memory_id: str, hard: bool) -> Call[ForgetResult]:
    # Archiving twice is harmless; a repeated hard delete would answer NOT_FOUND for a success.
    return Call(doc.FORGET, {"memoryId": memory_id, "hard": hard}, "forget", _model(ForgetResult), not hard)


def feedback(
    recall_id: str, memory_id: str, signal: FeedbackSignal | None, score: float | None
) -> Call[FeedbackResult]:
    # Feedback on one memory of one recall applies once (a repeat answers applied: false).
    feedback_input = _compact({"recallId": recall_id, "memoryId": memory_id, "signal": signal, "score": score})
    return Call(doc.FEEDBACK, {"input": feedback_input}, "feedback", _model(FeedbackResult), True)


def memory(memory_id: str) -> Call[Memory]:
    return Call(doc.MEMORY, {"id": memory_id}, "memory", _model(Memory), True)


def memories_page(
    agent_id: str,
    *,
    first: int,
    after: str | None,
    filter: MemoryListFilter | Mapping[str, Any] | None,
    order: MemoryOrder,
    total_count: bool,
) -> Call[MemoryPage]:
    variables = {
        "agentId": agent_id,
        "first": first,
        "after": after,
        "filter": _filter(filter, MemoryListFilter),
        "order": order,
    }
    document = doc.MEMORIES_WITH_TOTAL if total_count else doc.MEMORIES
    return Call(document, variables, "memories", _page(MemoryPage), True)


def update_memory(
    memory_id: str,
    *,
    content: str | None,
    tags: Sequence[str] | None,
    importance: float | None,
    affect: AffectLike | None,
    metadata: JSONObject | _Unset | None,
    speaker: str | _Unset | None = UNSET,
) -> Call[Memory]:
    patch = _compact(
        {
            "content": content,
            "tags": list(tags) if tags is not None else None,
            "importance": importance,
            "affect": affect_input(affect) if affect is not None else None,
        }
    )
    if not isinstance(metadata, _Unset):
        patch["metadata"] = dict(metadata) if metadata is not None else None
    if not isinstance(speaker, _Unset):
        patch["speaker"] = speaker
    # A patch sets values: applying it again changes nothing and writes no revision.
    return Call(doc.UPDATE_MEMORY, {"id": memory_id, "patch": patch}, "updateMemory", _model(Memory), True)
