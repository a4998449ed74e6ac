// Novelty, large agents: the shared vector index over-fetched ($fetch) and filtered to the
// agent's earlier memories. Neighbours come best first, so the first survivor is the
// maximum; no survivor (null) makes the caller widen $fetch or fall back to the exact scan.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
CALL db.index.vector.queryNodes('memory_embedding', toInteger($fetch), m.embedding) YIELD node AS o, score
WHERE o.tenantId = $tenantId AND o.agentId = $agentId AND o.id <> m.id
  AND (o.encodedAt < m.encodedAt OR (o.encodedAt = m.encodedAt AND o.occurredAt < m.occurredAt))
RETURN max(score) AS score
