// Fast-path write keyed by (tenant, agent, externalId): the uniqueness constraint makes MERGE
// race-safe, and a replay returns the first memory untouched.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
MERGE (m:Memory {tenantId: $tenantId, agentId: $agentId, externalId: $externalId})
ON CREATE SET
  m.id = $id,
  m.content = $content,
  m.embedding = $embedding,
  m.occurredAt = datetime({epochMillis: toInteger($occurredAt)}),
  m.encodedAt = datetime({epochMillis: toInteger($now)}),
  m.valence = $valence,
  m.arousal = $arousal,
  m.dominance = $dominance,
  m.importance = $importance,
  m.tags = $tags,
  m.accessCount = 0,
  m.pendingAppraisal = true,
  m.archived = false
RETURN m {.*, embedding: null} AS memory, m.id = $id AS created
