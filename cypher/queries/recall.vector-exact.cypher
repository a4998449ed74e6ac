// Exact nearest neighbours for an agent small enough to scan: never starved by other agents.
// vector.similarity.cosine returns (1 + cos) / 2, like the index.
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.occurredAt IS NOT NULL AND m.archived = false
WITH m, vector.similarity.cosine(m.embedding, $embedding) AS score
ORDER BY score DESC, m.id
LIMIT toInteger($limit)
RETURN m {.*, embedding: null} AS memory, score
