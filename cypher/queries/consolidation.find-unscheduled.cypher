// Memories written without a review schedule (imports, data older than the schedule):
// the sweep gives them one, so every live memory is eventually reviewed.
MATCH (m:Memory)
WHERE m.nextReviewAt IS NULL AND m.archived = false AND m.reviewCount IS NULL AND m.encodedAt IS NOT NULL
  AND ($tenants IS NULL OR m.tenantId IN $tenants)
RETURN m.id AS memoryId, m.tenantId AS tenantId, m.encodedAt AS encodedAt, m.stability AS stability,
  COLLECT { MATCH (a:Agent {tenantId: m.tenantId, id: m.agentId}) RETURN a.preset }[0] AS preset
LIMIT toInteger($limit)
