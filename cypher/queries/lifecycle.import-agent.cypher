// Import, first write: the new agent. CREATE (not MERGE) so the (tenantId, id) uniqueness
// constraint fails the whole import if the id was taken meanwhile. Returns the node's element
// id, used only inside this same transaction to attach edges. A creation token of its own, as
// agent.create gives one: it tells this agent from an earlier one of the same id (recall.prelude).
CREATE (a:Agent)
SET a = $props
SET a.tenantId = $tenantId, a.id = $agentId, a.creationToken = $creationToken
RETURN elementId(a) AS ref
