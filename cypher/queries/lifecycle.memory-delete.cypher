// Second step of a hard delete: the memory and every edge touching it.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
WITH m, COUNT { (m)--() } AS edges
DETACH DELETE m
RETURN edges
