// updateAgent: what a user may set on an agent ($set holds only the given properties). Takes
// the agent's lock like every state change.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.stateLock = coalesce(a.stateLock, 0) + 1
SET a += $set
RETURN a {.*} AS agent
