// Everything a review reads, under the lock taken by consolidation.review-lock: the memory,
// its resonance edges and its agent's preset (review
// pace and decay scale).
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
CALL (m) {
  OPTIONAL MATCH (m)-[r:{{resonance-types}}]-(o:Memory)
  WHERE o.tenantId = m.tenantId AND o.agentId = m.agentId
  RETURN collect(CASE WHEN r IS NULL THEN null ELSE {
    id: elementId(r), type: type(r), otherId: o.id, weight: r.weight,
    lastUsedAt: coalesce(r.strengthenedAt, r.createdAt), decayedAt: r.decayedAt, out: startNode(r) = m
  } END) AS edges
}
RETURN m {
  .id, .agentId, .reviewCount, .stability, .nextReviewAt, .archived, .valence, .arousal,
  .importance, .accessCount, .lastAccessedAt, .occurredAt, .encodedAt, .consolidation,
  .lastReviewedAt, .moodAtEncoding, hasEmbedding: m.embedding IS NOT NULL,
  preset: COLLECT { MATCH (a:Agent {tenantId: m.tenantId, id: m.agentId}) RETURN a.preset }[0]
} AS memory, edges
