// Whether a process should hold an agent's vectors, and where a copy of them begins
// (libs/graph resident-vectors): the agent's vector revision and incarnation, read before any
// page of the copy (whatever is stamped after it, the searches read themselves), and how many
// memories it has (every memory has an occurredAt: the count and the pages use the agent-time
// index).
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
RETURN coalesce(a.vectorRev, 0) AS rev, coalesce(a.creationToken, elementId(a)) AS incarnation,
  COUNT {
    MATCH (m:Memory)
    WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.occurredAt IS NOT NULL
  } AS memories
