// The stored vectors of some of an agent's memories: a search by a memory (novelty, near
// duplicates) scans a held copy of the agent's codes with the memory's exact vector.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.embedding IS NOT NULL
RETURN m.id AS id, m.embedding AS vector
