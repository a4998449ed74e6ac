// Export: one page of the agent's concepts, by name (unique per agent), after $afterName.
MATCH (c:Concept {tenantId: $tenantId, agentId: $agentId})
WHERE $afterName IS NULL OR c.name > $afterName
WITH c
ORDER BY c.name
LIMIT toInteger($limit)
RETURN properties(c) AS props, [k IN keys(c) | [k, valueType(c[k])]] AS types
