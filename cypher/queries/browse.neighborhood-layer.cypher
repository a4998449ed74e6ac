// One ring of a memory's neighborhood: the memories one resonance edge away from $frontier
// that are not already in it ($seen), each with its strongest edge to the frontier, strongest
// first, at most $room of them. Never leaves the agent: edges and memories are matched on
// tenant and agent (the frontier's own).
UNWIND $frontier AS memoryId
MATCH (m:Memory {id: memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
MATCH (m)-[r:{{resonance-types}}]-(o:Memory)
WHERE r.tenantId = $tenantId AND type(r) IN $types AND o.tenantId = $tenantId AND o.agentId = $agentId
  AND NOT o.id IN $seen
WITH o.id AS id, max(r.weight) AS weight
RETURN id, weight
ORDER BY weight DESC, id ASC
LIMIT toInteger($room)
