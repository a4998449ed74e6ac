// Exact nearest neighbours of a small agent: a scan of its own memories is never starved by
// other agents in the shared index. vector.similarity.cosine returns (1 + cos) / 2.
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.occurredAt IS NOT NULL AND coalesce(m.archived, false) = false AND m.embedding IS NOT NULL
WITH m.id AS id, vector.similarity.cosine(m.embedding, $embedding) AS score
ORDER BY score DESC, id
LIMIT toInteger($limit)
RETURN id, score
