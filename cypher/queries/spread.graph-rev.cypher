// The revisions of the agent's spreading graph: graphRev, raised in the same transaction by every
// write that adds, removes or re-weights a resonance edge of the agent or archives, restores or
// deletes one of its memories (the bump-graph-rev fragment), and learnRev, raised by recall
// effects (recall-effects.apply-edges); and which agent of that id it is (an agent deleted and made again
// counts its revisions from 0 again). No agent: no row.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
RETURN coalesce(a.graphRev, 0) AS graphRev, coalesce(a.learnRev, 0) AS learnRev, coalesce(a.creationToken, elementId(a)) AS incarnation
