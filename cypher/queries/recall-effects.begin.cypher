// Opens a recall's effects: takes the agent's write lock first (concurrent state updates
// never lose one), then says whether this recall was already applied (a record still marked
// pending is not), and loads the state the effects start from.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.stateLock = coalesce(a.stateLock, 0) + 1
WITH a
OPTIONAL MATCH (e:RecallEffect {tenantId: $tenantId, id: $recallId})
RETURN a {.*} AS agent, e IS NOT NULL AND e.pendingSince IS NULL AS processed,
  COLLECT {
    MATCH (a)-[p:PRIMED]->(c:Concept)
    WHERE p.tenantId = $tenantId AND c.tenantId = $tenantId
    RETURN {name: c.name, activation: coalesce(p.activation, 0.0), at: p.at}
  } AS primed
