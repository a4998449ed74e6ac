// Soft forget: the memory stays in the graph and in its agent's temporal chain, but recall
// (which filters archived = false) no longer sees it. Archiving twice keeps the first archivedAt.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
// The agent's lock first, before the memory's, in the order encode takes them (no deadlock
// between a forget and an encode linking to the memory).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
SET a.stateLock = coalesce(a.stateLock, 0) + 1, a.graphRev = coalesce(a.graphRev, 0) + 1
WITH m, coalesce(m.archived, false) AS wasArchived
SET m.archivedAt = CASE WHEN m.archived = true AND m.archivedAt IS NOT NULL THEN m.archivedAt
                        ELSE datetime({epochMillis: toInteger($now)}) END
SET m.archived = true
// changed: the caller writes the FORGET revision (a second forget changes nothing).
RETURN m {.*, embedding: null, embeddingAlt: null} AS memory, NOT wasArchived AS changed
