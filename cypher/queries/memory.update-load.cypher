// What updateMemory reads under the agent's lock: the memory as a user sees it (to diff the
// patch against) and the ids of its temporal-chain neighbours (never relinked as TEMPORAL).
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
RETURN m {.*, embedding: null, embeddingAlt: null} AS memory,
       m.moodAtEncoding AS moodAtEncoding,
       COLLECT {
         MATCH (m)-[r:TEMPORAL]-(o:Memory)
         WHERE r.chain = true AND r.tenantId = $tenantId AND o.tenantId = $tenantId
         RETURN o.id
       } AS chained
