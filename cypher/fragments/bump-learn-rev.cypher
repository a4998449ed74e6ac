// Raises the revision of what recall effects taught the agent's spreading graph (Hebbian
// strengthening, co-recall links; $tenantId, $agentId). Unlike graphRev (bump-graph-rev), a copy
// of the graph that lacks it may still serve recalls for LIMBIC_SPREAD_LEARN_LAG_MS after it was
// loaded: these effects reach the graph asynchronously anyway, a queue's delay after the recall.
CALL () {
  MATCH (learner:Agent {tenantId: $tenantId, id: $agentId})
  SET learner.learnRev = coalesce(learner.learnRev, 0) + 1
}
