// Export: one page of the agent's memories, embeddings included, in (occurredAt, id) order.
// Keyset paging: $afterAt is the previous page's last occurredAt as Neo4j returned it.
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.occurredAt IS NOT NULL
  AND ($afterId IS NULL OR m.occurredAt > $afterAt OR (m.occurredAt = $afterAt AND m.id > $afterId))
WITH m
ORDER BY m.occurredAt, m.id
LIMIT toInteger($limit)
RETURN properties(m) AS props, [k IN keys(m) | [k, valueType(m[k])]] AS types, m.occurredAt AS cursorAt
