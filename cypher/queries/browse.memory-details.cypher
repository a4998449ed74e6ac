// What the graph holds about memories beyond their row (state at encoding, review schedule),
// for every memory of one GraphQL response at once. Memories of other tenants are skipped.
UNWIND $memoryIds AS memoryId
MATCH (m:Memory {id: memoryId})
WHERE m.tenantId = $tenantId
RETURN m.id AS id, m.moodAtEncoding AS moodAtEncoding, m.momentumAtEncoding AS momentumAtEncoding,
       m.consolidation AS consolidation, m.stability AS stability, coalesce(m.reviewCount, 0) AS reviewCount,
       m.nextReviewAt.epochMillis AS nextReviewAt, m.lastAccessedAt.epochMillis AS lastAccessedAt
