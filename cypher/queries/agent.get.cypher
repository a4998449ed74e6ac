MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
RETURN a {.*} AS agent
