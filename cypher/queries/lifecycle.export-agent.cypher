// Export, line 1: every property of the agent with its Cypher type, so that the import can
// restore integers and datetimes that JSON alone would blur.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
RETURN properties(a) AS props, [k IN keys(a) | [k, valueType(a[k])]] AS types
