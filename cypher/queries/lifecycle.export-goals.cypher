// Export: the agent's goals with their embeddings (an agent has a handful; no paging).
MATCH (g:Goal {tenantId: $tenantId, agentId: $agentId})
RETURN properties(g) AS props, [k IN keys(g) | [k, valueType(g[k])]] AS types
