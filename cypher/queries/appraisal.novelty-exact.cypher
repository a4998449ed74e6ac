// Novelty, small agents: the best cosine between the memory and every OTHER memory of the
// agent encoded before it (same instant: earlier occurredAt first, as in a batch).
// Archived memories count: the agent has seen them. vector.similarity.cosine gives (1 + cos) / 2.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
MATCH (o:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE o.occurredAt IS NOT NULL AND o.id <> m.id AND size(o.embedding) = size(m.embedding)
  AND (o.encodedAt < m.encodedAt OR (o.encodedAt = m.encodedAt AND o.occurredAt < m.occurredAt))
RETURN max(vector.similarity.cosine(m.embedding, o.embedding)) AS score
