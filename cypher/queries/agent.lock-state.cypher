// Takes the Agent node's write lock before reading its state, so that concurrent updates
// to one agent serialise here and none is lost (read-committed would otherwise allow it).
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.stateLock = coalesce(a.stateLock, 0) + 1
RETURN a {.*} AS agent
