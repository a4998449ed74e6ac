// Soft forget: the memory stays in the graph and in its agent's temporal chain, but recall
// (which filters archived = false) no longer sees it. Archiving twice keeps the first archivedAt.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
SET m.archivedAt = CASE WHEN m.archived = true AND m.archivedAt IS NOT NULL THEN m.archivedAt
                        ELSE datetime({epochMillis: toInteger($now)}) END
SET m.archived = true
WITH m
// A new linkEpoch on the agent: API replicas' caches of its embeddings are stale (encode.neighbours).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
SET a.linkEpoch = randomUUID()
RETURN m {.*, embedding: null} AS memory
