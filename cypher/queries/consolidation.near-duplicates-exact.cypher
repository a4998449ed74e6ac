// Exact near-duplicate scan within one agent, for when the shared index is crowded.
// vector.similarity.cosine returns (1 + cos) / 2, like the index.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.embedding IS NOT NULL
MATCH (d:Memory {tenantId: m.tenantId, agentId: m.agentId})
WHERE d <> m AND d.archived = false AND d.embedding IS NOT NULL
WITH d, vector.similarity.cosine(d.embedding, m.embedding) AS score
WHERE score >= $minScore
RETURN d.id AS id, score, true AS sameAgent, d.encodedAt AS encodedAt
ORDER BY score DESC, d.id
LIMIT toInteger($limit)
