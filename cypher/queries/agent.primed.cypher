MATCH (:Agent {tenantId: $tenantId, id: $agentId})-[p:PRIMED {tenantId: $tenantId}]->(c:Concept {tenantId: $tenantId})
RETURN c.name AS name, p.activation AS activation, p.at AS at
ORDER BY activation DESC, name
