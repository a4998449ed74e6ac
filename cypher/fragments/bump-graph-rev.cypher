// Raises the revision of the agent's spreading graph ($tenantId, $agentId), first thing in a
// query that adds, removes or re-weights the agent's resonance edges or removes its memories.
// A recall reads the revision with the agent's state (recall.prelude) and spreads over the API's
// copy of the graph only when the copy has that very revision (SpreadGraphCache): raised in the
// writer's own transaction, a change can never be committed under a revision a copy without it
// carries. Taking the agent's lock first is the order encode takes it in (agent.lock-state).
CALL () {
  MATCH (graphOwner:Agent {tenantId: $tenantId, id: $agentId})
  SET graphOwner.graphRev = coalesce(graphOwner.graphRev, 0) + 1
}
