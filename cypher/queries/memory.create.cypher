// Fast-path write of one memory without an idempotency key. Returns no row when the agent
// does not exist in this tenant, so nothing is written for an unknown agent.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
CREATE (m:Memory {
  id: $id,
  tenantId: $tenantId,
  agentId: $agentId,
  content: $content,
  embedding: $embedding,
  occurredAt: datetime({epochMillis: toInteger($occurredAt)}),
  encodedAt: datetime({epochMillis: toInteger($now)}),
  valence: $valence,
  arousal: $arousal,
  dominance: $dominance,
  importance: $importance,
  tags: $tags,
  accessCount: 0,
  pendingAppraisal: true,
  archived: false
})
RETURN m {.*, embedding: null} AS memory, true AS created
