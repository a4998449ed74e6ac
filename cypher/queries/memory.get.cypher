MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
RETURN m {.*, embedding: null, embeddingAlt: null} AS memory
