// Undoes a soft forget (or an archiving by consolidation). Restoring a live memory changes nothing.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
// The agent's lock first, before the memory's, in the order encode takes them (no deadlock
// between a restore and an encode linking to the memory).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
SET a.stateLock = coalesce(a.stateLock, 0) + 1, a.graphRev = coalesce(a.graphRev, 0) + 1,
  a.vectorRev = coalesce(a.vectorRev, 0) + 1
WITH m, a, coalesce(m.archived, false) AS wasArchived
// Searchable again: stamped (schema 018) so that a held copy of the agent's vectors sees it.
SET m.archived = false, m.vectorRev = a.vectorRev
REMOVE m.archivedAt
// changed: the caller writes the RESTORE revision.
RETURN m {.*, embedding: null, embeddingAlt: null} AS memory, wasArchived AS changed
