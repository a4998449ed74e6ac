// Raises the agent's graph revision once for a whole encode and answers the new one with the
// agent's incarnation. The encode holds the agent's lock (agent.lock-state) from its first
// statement and every raise takes that lock, so the revision before it is exactly one less: after
// the commit the API adds the encode's own links to a copy of the graph it holds at that revision
// (SpreadGraphCache.applyEncode) instead of reloading it. encode.link and encode.unchain, which run
// in the same transaction, raise nothing themselves.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.graphRev = coalesce(a.graphRev, 0) + 1
RETURN a.graphRev AS graphRev, coalesce(a.creationToken, elementId(a)) AS incarnation
