// Approximate neighbours from the shared index, over-fetched ($fetch ≫ $limit) and then
// filtered to the agent; the caller widens $fetch when too few survive.
CALL db.index.vector.queryNodes('memory_embedding', toInteger($fetch), $embedding) YIELD node AS m, score
WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.archived = false
WITH m, score
ORDER BY score DESC, m.id
LIMIT toInteger($limit)
RETURN m {.*, embedding: null} AS memory, score
