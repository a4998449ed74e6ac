// Review sweep across tenants, one keyset page in due order (memory_next_review index).
// Archived memories have no nextReviewAt, so they never show up here.
MATCH (m:Memory)
WHERE m.nextReviewAt >= datetime({epochMillis: toInteger($afterAt)})
  AND m.nextReviewAt <= datetime({epochMillis: toInteger($until)})
  AND (m.nextReviewAt > datetime({epochMillis: toInteger($afterAt)}) OR m.id > $afterId)
  AND m.archived = false
  AND ($tenants IS NULL OR m.tenantId IN $tenants)
WITH m.id AS memoryId, m.tenantId AS tenantId, m.nextReviewAt AS orderAt
ORDER BY orderAt, memoryId
LIMIT toInteger($limit)
// The values above come from the index, read when the seek passed the memory; a review that
// committed since then changed reviewCount and nextReviewAt together. Reading m.reviewCount
// here would mix the new count with the old due time (Neo4j reads committed data, and the
// planner serves m.nextReviewAt from the index copy), and the sweep would queue the next
// review to run now. A second lookup under a new variable reads the stored values together.
// The caller drops rows no longer due (or deleted meanwhile: OPTIONAL keeps their row) and
// pages on `orderAt`.
OPTIONAL MATCH (fresh:Memory {id: memoryId})
WHERE fresh.tenantId = tenantId
RETURN tenantId, fresh.agentId AS agentId, memoryId, orderAt,
       coalesce(fresh.reviewCount, 0) AS reviewCount, fresh.nextReviewAt AS nextReviewAt,
       fresh IS NULL OR coalesce(fresh.archived, false) AS gone
