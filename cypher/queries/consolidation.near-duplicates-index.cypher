// Near-duplicate candidates from the shared vector index. Every fetched row is returned
// (with whether it belongs to the same agent) so the caller can tell when the fetch was
// crowded by other agents and fall back to the exact scan.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.embedding IS NOT NULL
CALL db.index.vector.queryNodes('memory_embedding', toInteger($fetch), m.embedding) YIELD node AS d, score
WITH m, d, score
WHERE score >= $minScore AND d <> m
RETURN d.id AS id, score,
       (d.tenantId = m.tenantId AND d.agentId = m.agentId AND d.archived = false) AS sameAgent,
       d.encodedAt AS encodedAt
ORDER BY score DESC, d.id
