// Replaces the agent's goals. Each goal carries its embedding for goal relevance.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
OPTIONAL MATCH (a)-[:PURSUES {tenantId: $tenantId}]->(old:Goal {tenantId: $tenantId})
DETACH DELETE old
WITH DISTINCT a
UNWIND $goals AS g
CREATE (a)-[:PURSUES {tenantId: $tenantId, priority: g.priority}]->(goal:Goal {
  id: g.id, tenantId: $tenantId, agentId: $agentId, name: g.name,
  createdAt: datetime({epochMillis: toInteger($now)})
})
// Its own SET, so that the slot variant (query-registry.ts) writes the tenant's active slot.
SET goal.embedding = g.vector
