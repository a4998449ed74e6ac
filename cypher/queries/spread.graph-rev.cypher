// The revisions of the agent's spreading graph: graphRev, raised in the same transaction by every
// write that adds, removes or re-weights a resonance edge of the agent or archives, restores or
// deletes one of its memories (the bump-graph-rev fragment, encode.raise-graph-rev), and
// effectsRev, raised by the worker's asynchronous effects (appraisal.lock,
// recall-effects.apply-edges); and which agent of that id it is (an agent deleted and made
// again counts its revisions from 0 again). No agent: no row.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
RETURN coalesce(a.graphRev, 0) AS graphRev, coalesce(a.effectsRev, 0) AS effectsRev, coalesce(a.creationToken, elementId(a)) AS incarnation
