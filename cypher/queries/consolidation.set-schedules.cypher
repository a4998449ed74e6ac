// Conditional on the memory still lacking a schedule, so it never overrides the encode path.
UNWIND $rows AS row
MATCH (m:Memory {id: row.memoryId})
WHERE m.tenantId = row.tenantId AND m.nextReviewAt IS NULL AND m.reviewCount IS NULL
SET m.stability = row.stability,
    m.reviewCount = 0,
    m.nextReviewAt = datetime({epochMillis: toInteger(row.nextReviewAt)})
RETURN count(m) AS scheduled
