MATCH (:Agent {tenantId: $tenantId, id: $agentId})-[p:PURSUES {tenantId: $tenantId}]->(g:Goal {tenantId: $tenantId})
RETURN g.id AS id, g.name AS name, p.priority AS priority
ORDER BY priority DESC, name
