"""Every GraphQL document the client sends, one per operation (fields as in apps/api/schema.gql).

Memory selects its stored fields only: the graph-derived ones (neighbours, moodAtEncoding,
stability …) cost an extra read per response level and count against the admission budget.
"""

from __future__ import annotations

_AFFECT = "valence arousal dominance"
_SIGNALS = (
    "semantic lexical moodCongruence affectProximity momentumAlignment recency frequency "
    "importance emotionalIntensity goalRelevance priming resonance circadianCongruence sessionContext speaker namedTime episodeLexical"
)

_MEMORY = """
fragment MemoryFields on Memory {
  id agentId content occurredAt encodedAt valence arousal dominance importance tags scope speaker metadata
  externalId archived pendingAppraisal affectGiven accessCount embeddingModel hourOfDay sessionStartedAt
}
"""

_AGENT = f"""
fragment AgentFields on Agent {{
  id preset createdAt energy timeZone sinceLastInteractionMinutes
  session {{ startedAt interactions minutes }}
  affect {{ {_AFFECT} }}
  mood {{ {_AFFECT} }}
  momentum {{ dv da dd }}
  goals {{ id name priority }}
  primedConcepts {{ name activation }}
  learnedWeights {{ queryType adjustment {{ {_SIGNALS} }} weights {{ {_SIGNALS} }} }}
}}
"""

CREATE_AGENT = (
    """
mutation LimbicCreateAgent($input: CreateAgentInput!) { createAgent(input: $input) { ...AgentFields } }
"""
    + _AGENT
)

UPDATE_AGENT = (
    """
mutation LimbicUpdateAgent($id: ID!, $input: UpdateAgentInput!) { updateAgent(id: $id, input: $input) { ...AgentFields } }
"""
    + _AGENT
)

AGENT = (
    """
query LimbicAgent($id: ID!) { agent(id: $id) { ...AgentFields } }
"""
    + _AGENT
)

AGENTS = (
    """
query LimbicAgents($first: Int!, $after: String) {
  agents(first: $first, after: $after) { pageInfo { endCursor hasNextPage } edges { node { ...AgentFields } } }
}
"""
    + _AGENT
)

ENCODE = (
    """
mutation LimbicEncode($input: EncodeInput!) { encode(input: $input) { ...MemoryFields } }
"""
    + _MEMORY
)

RECALL = (
    f"""
query LimbicRecall($input: RecallInput!) {{
  recall(input: $input) {{
    recallId weightSource queryType energyCut tookMs
    weights {{ {_SIGNALS} }}
    focus {{ memory {{ ...MemoryFields }} since expiresAt score ignited }}
    items {{
      score rank pass1Rank pass2Rank
      memory {{ ...MemoryFields }}
      explanation {{
        signals {{ {_SIGNALS} }} weighted {{ {_SIGNALS} }} weights {{ {_SIGNALS} }}
        activation {{ seedId path edgeTypes activation }}
        suppressed
      }}
    }}
  }}
}}
"""
    + _MEMORY
)

OBSERVE = (
    """
mutation LimbicObserve($agentId: ID!, $text: String!, $now: DateTime) {
  observe(agentId: $agentId, text: $text, now: $now) { ...AgentFields }
}
"""
    + _AGENT
)

SET_AFFECT = (
    """
mutation LimbicSetAffect($agentId: ID!, $affect: AffectInput!) {
  setAffect(agentId: $agentId, affect: $affect) { ...AgentFields }
}
"""
    + _AGENT
)

SET_GOALS = (
    """
mutation LimbicSetGoals($agentId: ID!, $goals: [GoalInput!]!) {
  setGoals(agentId: $agentId, goals: $goals) { ...AgentFields }
}
"""
    + _AGENT
)

FORGET = (
    """
mutation LimbicForget($memoryId: ID!, $hard: Boolean) {
  forget(memoryId: $memoryId, hard: $hard) { memoryId mode edgesRemoved chainRepaired memory { ...MemoryFields } }
}
"""
    + _MEMORY
)

FEEDBACK = f"""
mutation LimbicFeedback($input: FeedbackInput!) {{
  feedback(input: $input) {{ agentId applied queryType weights {{ {_SIGNALS} }} }}
}}
"""

MEMORY = (
    """
query LimbicMemory($id: ID!) { memory(id: $id) { ...MemoryFields } }
"""
    + _MEMORY
)

MEMORIES = (
    """
query LimbicMemories($agentId: ID!, $first: Int!, $after: String, $filter: MemoryListFilterInput,
                     $order: MemoryOrder!) {
  memories(agentId: $agentId, first: $first, after: $after, filter: $filter, order: $order) {
    pageInfo { endCursor hasNextPage } edges { node { ...MemoryFields } }
  }
}
"""
    + _MEMORY
)

# A second document rather than a flag: totalCount is a second read over every match.
MEMORIES_WITH_TOTAL = (
    """
query LimbicMemoriesWithTotal($agentId: ID!, $first: Int!, $after: String, $filter: MemoryListFilterInput,
                              $order: MemoryOrder!) {
  memories(agentId: $agentId, first: $first, after: $after, filter: $filter, order: $order) {
    totalCount pageInfo { endCursor hasNextPage } edges { node { ...MemoryFields } }
  }
}
"""
    + _MEMORY
)

UPDATE_MEMORY = (
    """
mutation LimbicUpdateMemory($id: ID!, $patch: MemoryPatchInput!) {
  updateMemory(id: $id, patch: $patch) { ...MemoryFields }
}
"""
    + _MEMORY
)

DELETE_AGENT = """
mutation LimbicDeleteAgent($id: ID!) { deleteAgent(id: $id) { agentId agentDeleted memories } }
"""
