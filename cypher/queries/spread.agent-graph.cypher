// The agent's whole spreading graph, for the API's in-process spread (SpreadGraphCache): every
// resonance edge between two of its live memories, as seven parallel lists in one row (a row per
// edge would cost the driver a record each); `revs` is the graph revision an encode made each
// edge at, 0 for edges made otherwise; `gaps` the time between a chain link's two memories in
// ms (0 for other edges), for the episode walk (HeldGraph.episode). Direction is kept as stored; spreading ignores it.
// The same scope as spread.activate without a filter: edges of the tenant, both ends the agent's
// and not archived. The caller reads the agent's graph revision first, in the same transaction
// (spread.graph-rev), so a change committed after that read can only make the graph newer than
// the revision it is filed under, never older.
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE coalesce(m.archived, false) = false
MATCH (m)-[r:{{resonance-types}}]->(n:Memory)
WHERE r.tenantId = $tenantId AND n.tenantId = $tenantId AND n.agentId = $agentId AND coalesce(n.archived, false) = false
// The caller holds at most $maxEdges − 1 edges; reading more would only be thrown away.
WITH m, r, n LIMIT toInteger($maxEdges)
RETURN collect(m.id) AS from, collect(n.id) AS to, collect(type(r)) AS types, collect(toFloat(coalesce(r.weight, 0.0))) AS weights,
  collect(coalesce(r.chain, false) = true) AS chains, collect(toInteger(coalesce(r.rev, 0))) AS revs,
  collect(CASE WHEN r.chain = true THEN abs(m.occurredAt.epochMillis - n.occurredAt.epochMillis) ELSE 0 END) AS gaps
