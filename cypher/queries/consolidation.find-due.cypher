// Review sweep across tenants, one keyset page in due order (memory_next_review index).
// Archived memories have no nextReviewAt, so they never show up here.
MATCH (m:Memory)
WHERE m.nextReviewAt >= datetime({epochMillis: toInteger($afterAt)})
  AND m.nextReviewAt <= datetime({epochMillis: toInteger($until)})
  AND (m.nextReviewAt > datetime({epochMillis: toInteger($afterAt)}) OR m.id > $afterId)
  AND m.archived = false
  AND ($tenants IS NULL OR m.tenantId IN $tenants)
RETURN m.tenantId AS tenantId, m.agentId AS agentId, m.id AS memoryId,
       coalesce(m.reviewCount, 0) AS reviewCount, m.nextReviewAt AS nextReviewAt
ORDER BY m.nextReviewAt, m.id
LIMIT toInteger($limit)
