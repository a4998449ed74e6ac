MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
RETURN a.id AS id
