// The review itself, conditional on the review number: a replayed job changes nothing.
// An archived memory gets no next review (the sweep skips it); nothing is deleted.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND coalesce(m.reviewCount, 0) = toInteger($expectedReviewCount)
WITH m, coalesce(m.archived, false) <> $archive AS relinkable
SET m.reviewCount = toInteger($expectedReviewCount) + 1,
    m.stability = $stability,
    m.importance = $importance,
    m.lastReviewedAt = datetime({epochMillis: toInteger($now)}),
    m.nextReviewAt = CASE WHEN $archive THEN null ELSE datetime({epochMillis: toInteger($nextReviewAt)}) END,
    m.archived = $archive,
    m.archivedAt = CASE WHEN $archive THEN datetime({epochMillis: toInteger($now)}) ELSE m.archivedAt END
WITH m, relinkable
// Archiving (or un-archiving) changes the agent's linkable memories: a new linkEpoch makes API
// replicas' caches of its embeddings stale (encode.neighbours). Only then, so that routine
// reviews neither invalidate those caches nor take the agent's lock.
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
WHERE relinkable
SET a.linkEpoch = randomUUID()
RETURN m.id AS memoryId
