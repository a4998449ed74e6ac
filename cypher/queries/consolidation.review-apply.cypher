// The review itself, conditional on the review number: a replayed job changes nothing.
// An archived memory gets no next review (the sweep skips it); nothing is deleted.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND coalesce(m.reviewCount, 0) = toInteger($expectedReviewCount)
WITH m
SET m.reviewCount = toInteger($expectedReviewCount) + 1,
    m.stability = $stability,
    m.importance = $importance,
    m.lastReviewedAt = datetime({epochMillis: toInteger($now)}),
    m.nextReviewAt = CASE WHEN $archive THEN null ELSE datetime({epochMillis: toInteger($nextReviewAt)}) END,
    m.archived = $archive,
    m.archivedAt = CASE WHEN $archive THEN datetime({epochMillis: toInteger($now)}) ELSE m.archivedAt END
RETURN m.id AS memoryId
