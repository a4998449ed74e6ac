// Undoes a soft forget (or an archiving by consolidation). Restoring a live memory changes nothing.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
// A new linkEpoch on the agent: API replicas' caches of its embeddings are stale
// (encode.neighbours). Set first, so the agent's lock is taken before the memory's, in the
// order encode takes them (no deadlock between a forget and an encode linking to the memory).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
SET a.linkEpoch = randomUUID()
WITH m
SET m.archived = false
REMOVE m.archivedAt
RETURN m {.*, embedding: null} AS memory
