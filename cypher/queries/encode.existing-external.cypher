// Memories already stored under any of these idempotency keys.
UNWIND $externalIds AS externalId
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId, externalId: externalId})
RETURN m {.*, embedding: null, embeddingAlt: null} AS memory
