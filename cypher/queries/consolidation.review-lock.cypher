// First statement of a review transaction: writing to the memory takes its write lock, so
// two attempts at the same review serialise and the second sees the first one's count.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
SET m.reviewAttemptedAt = datetime({epochMillis: toInteger($now)})
RETURN m.id AS memoryId
