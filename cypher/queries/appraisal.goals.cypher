// The agent's goals with their priority and similarity to the memory ((1 + cos) / 2).
// Goals without an embedding of the memory's dimension cannot be compared and are left out.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})-[p:PURSUES]->(g:Goal)
WHERE p.tenantId = $tenantId AND g.tenantId = $tenantId AND g.agentId = $agentId
  AND g.embedding IS NOT NULL AND size(g.embedding) = size(m.embedding)
RETURN g.id AS goalId, coalesce(p.priority, g.priority, 1.0) AS priority, vector.similarity.cosine(m.embedding, g.embedding) AS score
ORDER BY goalId
