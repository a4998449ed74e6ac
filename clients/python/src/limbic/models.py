"""Typed results and inputs, snake_case in Python and camelCase on the wire (apps/api/schema.gql)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Generic, Literal, TypeVar

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

__all__ = [
    "ActivationPath",
    "Affect",
    "AffectInput",
    "Agent",
    "AgentPage",
    "AgentSession",
    "AgentPreset",
    "ArchivedFilter",
    "FeedbackResult",
    "FeedbackSignal",
    "ForgetResult",
    "Goal",
    "GoalInput",
    "ImportSummary",
    "LearnedWeights",
    "Memory",
    "MemoryFilter",
    "MemoryListFilter",
    "MemoryOrder",
    "MemoryPage",
    "Momentum",
    "Page",
    "PrimedConcept",
    "RecallExplanation",
    "RecallItem",
    "RecallProfile",
    "RecallResult",
    "SignalVector",
    "SignalWeights",
    "Spread",
]

AgentPreset = Literal["academic", "agent", "enterprise", "npc", "personal"]
RecallProfile = Literal["affective", "balanced", "lexical", "salience", "semantic", "state"]
MemoryOrder = Literal["OCCURRED_AT_ASC", "OCCURRED_AT_DESC"]
ArchivedFilter = Literal["ALL", "ARCHIVED", "LIVE"]
FeedbackSignal = Literal["USED", "IGNORED"]


class _Model(BaseModel):
    """Results: fields read from camelCase, unknown fields (a newer server's) ignored, immutable."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True, extra="ignore")


class _Input(BaseModel):
    """Inputs: built in snake_case, sent as camelCase without the fields left unset."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, extra="forbid")

    def to_variables(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class Affect(_Model):
    """A point in valence (−1 … 1), arousal (0 … 1), dominance (0 … 1) space."""

    valence: float
    arousal: float
    dominance: float


class AffectInput(_Input):
    valence: float
    arousal: float
    dominance: float | None = Field(default=None, description="Defaults to 0.5 on the server.")


class Momentum(_Model):
    """Velocity of core affect per hour."""

    dv: float
    da: float
    dd: float


class Goal(_Model):
    id: str
    name: str
    priority: float


class GoalInput(_Input):
    name: str
    priority: float = 0.5


class PrimedConcept(_Model):
    name: str
    activation: float


class SignalVector(_Model):
    """One value per recall signal (DESIGN §4)."""

    semantic: float
    lexical: float
    mood_congruence: float
    affect_proximity: float
    momentum_alignment: float
    recency: float
    frequency: float
    importance: float
    emotional_intensity: float
    goal_relevance: float
    priming: float
    resonance: float
    circadian_congruence: float
    session_context: float
    speaker: float
    named_time: float
    episode_lexical: float


class SignalWeights(_Input):
    """Explicit recall weights; missing signals are 0, the server normalises to sum 1."""

    semantic: float | None = None
    lexical: float | None = None
    mood_congruence: float | None = None
    affect_proximity: float | None = None
    momentum_alignment: float | None = None
    recency: float | None = None
    frequency: float | None = None
    importance: float | None = None
    emotional_intensity: float | None = None
    goal_relevance: float | None = None
    priming: float | None = None
    resonance: float | None = None
    circadian_congruence: float | None = None
    session_context: float | None = None
    speaker: float | None = None
    named_time: float | None = None
    episode_lexical: float | None = None


class LearnedWeights(_Model):
    query_type: str
    adjustment: SignalVector
    weights: SignalVector


class AgentSession(_Model):
    """The run of interactions (observe, encode, recall) with no idle gap longer than the preset's."""

    started_at: datetime
    interactions: int
    minutes: float


class Agent(_Model):
    """An agent and its state now: affect, mood, momentum, energy, session, goals, primed concepts."""

    id: str
    preset: AgentPreset
    created_at: datetime
    affect: Affect
    mood: Affect
    momentum: Momentum
    energy: float
    time_zone: str = "UTC"
    session: AgentSession | None = None
    since_last_interaction_minutes: float | None = None
    goals: list[Goal]
    primed_concepts: list[PrimedConcept]
    learned_weights: list[LearnedWeights]


class Memory(_Model):
    id: str
    agent_id: str
    content: str
    occurred_at: datetime
    encoded_at: datetime
    valence: float
    arousal: float
    dominance: float
    importance: float
    tags: list[str]
    scope: str | None = None
    speaker: str | None = None
    metadata: dict[str, Any] | None = None
    external_id: str | None = None
    archived: bool
    pending_appraisal: bool
    affect_given: bool
    access_count: int
    embedding_model: str | None = None
    hour_of_day: float | None = None
    session_started_at: datetime | None = None


class ActivationPath(_Model):
    """The strongest spreading-activation path that reached a memory."""

    seed_id: str
    path: list[str]
    edge_types: list[str]
    activation: float


class RecallExplanation(_Model):
    signals: SignalVector
    weighted: SignalVector
    weights: SignalVector
    activation: ActivationPath | None = None
    suppressed: bool = False
    """True when the global workspace's focus suppresses this memory (a competitor it beat)."""


class WorkspaceFocus(_Model):
    """The global workspace's content: a memory that ignited and holds it until expires_at."""

    memory: Memory
    since: datetime
    expires_at: datetime
    score: float
    ignited: bool


class RecallItem(_Model):
    memory: Memory
    score: float
    rank: int
    pass1_rank: int | None = None
    pass2_rank: int
    explanation: RecallExplanation | None = None


class RecallResult(_Model):
    recall_id: str
    items: list[RecallItem]
    weights: SignalVector
    weight_source: str
    query_type: str
    energy_cut: int
    took_ms: float
    focus: WorkspaceFocus | None = None


class FeedbackResult(_Model):
    agent_id: str
    applied: bool
    query_type: str | None = None
    weights: SignalVector | None = None


class ForgetResult(_Model):
    memory_id: str
    mode: Literal["ARCHIVED", "DELETED"]
    memory: Memory | None = None
    edges_removed: int
    chain_repaired: bool


class ImportSummary(_Model):
    """What POST /agents/:id/import restored."""

    agent_id: str
    goals: int
    concepts: int
    memories: int
    revisions: int
    edges: int


class MemoryFilter(_Input):
    """Recall's filter: every condition given must hold."""

    scope: str | None = None
    tags_any: list[str] | None = None
    tags_all: list[str] | None = None
    occurred_after: AwareDatetime | None = None
    occurred_before: AwareDatetime | None = None
    metadata: dict[str, str | int | float | bool | None] | None = None


class MemoryListFilter(MemoryFilter):
    """Listing's filter: recall's, plus archived memories and a content substring."""

    archived: ArchivedFilter | None = None
    contains: str | None = None


class Spread(_Input):
    """Spreading activation options; unset fields follow the agent's energy."""

    enabled: bool | None = None
    hops: int | None = None
    seeds: int | None = None
    min_activation: float | None = None


T = TypeVar("T")


class Page(_Model, Generic[T]):
    """One page of a cursor connection; pass `end_cursor` as `after` for the next."""

    items: list[T]
    end_cursor: str | None = None
    has_next_page: bool
    total_count: int | None = None


MemoryPage = Page[Memory]
AgentPage = Page[Agent]
