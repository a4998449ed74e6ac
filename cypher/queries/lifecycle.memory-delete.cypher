// Second step of a hard delete: the memory and every edge touching it.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
WITH m, COUNT { (m)--() } AS edges
// A new linkEpoch on the agent: API replicas' caches of its embeddings are stale (encode.neighbours).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
SET a.linkEpoch = randomUUID()
WITH m, edges
DETACH DELETE m
RETURN edges
