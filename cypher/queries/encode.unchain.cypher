// Removes temporal-chain edges between memories that now have a new memory between them.
UNWIND $pairs AS pair
MATCH (x:Memory {id: pair.from})-[r:TEMPORAL]->(y:Memory {id: pair.to})
WHERE r.chain = true AND r.tenantId = $tenantId AND x.agentId = $agentId
DELETE r
RETURN count(r) AS removed
