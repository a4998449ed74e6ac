// Novelty, the other half of AppraisalUnit.maxSimilarityToEarlier: the best cosine between the
// memory and the memories encoded in the same encode (same encodedAt, a batch) that occurred
// before it, archived ones too. Memories encoded strictly before it come from the filtered
// vector index (vector.agent-nearest with `before`); its siblings cannot be told apart by an
// index filter (equal encodedAt), so they are compared here: a batch holds at most
// LIMBIC_MAX_BATCH_ITEMS memories, found by the (tenantId, agentId, encodedAt) index (schema 009).
// vector.similarity.cosine gives (1 + cos) / 2; null when there is none.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.embedding IS NOT NULL
MATCH (o:Memory {tenantId: $tenantId, agentId: $agentId, encodedAt: m.encodedAt})
WHERE o.id <> m.id AND o.occurredAt < m.occurredAt AND o.embedding IS NOT NULL
  AND size(o.embedding) = size(m.embedding)
RETURN max(vector.similarity.cosine(m.embedding, o.embedding)) AS score
