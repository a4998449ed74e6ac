// Undoes a soft forget (or an archiving by consolidation). Restoring a live memory changes nothing.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
SET m.archived = false
REMOVE m.archivedAt
WITH m
// A new linkEpoch on the agent: API replicas' caches of its embeddings are stale (encode.neighbours).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
SET a.linkEpoch = randomUUID()
RETURN m {.*, embedding: null} AS memory
