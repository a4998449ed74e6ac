// Everything a recall needs to know about the agent, in one read: its node (affect, mood,
// momentum, energy, learned weights, focus refractory count), goals with their embeddings,
// and primed concepts. Older agents may lack fields; the service reads them with defaults.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
RETURN a {.*} AS agent,
  COLLECT {
    MATCH (a)-[p:PURSUES]->(g:Goal)
    WHERE p.tenantId = $tenantId AND g.tenantId = $tenantId AND g.embedding IS NOT NULL
    RETURN {id: g.id, priority: coalesce(p.priority, 1.0), embedding: g.embedding}
  } AS goals,
  COLLECT {
    MATCH (a)-[p:PRIMED]->(c:Concept)
    WHERE p.tenantId = $tenantId AND c.tenantId = $tenantId
    RETURN {name: c.name, activation: coalesce(p.activation, 0.0), at: p.at}
  } AS primed
