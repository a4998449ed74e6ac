// Undoes a soft forget (or an archiving by consolidation). Restoring a live memory changes nothing.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
SET m.archived = false
REMOVE m.archivedAt
RETURN m {.*, embedding: null} AS memory
