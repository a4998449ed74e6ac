// Limbic — goals and attention
// The agent with the goals it pursues (priority on the edge) and the concepts primed in its
// attention residue (activation on the edge, halving every 30 min from `at`), as a graph.
// Parameters: $tenantId, $agentId
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
OPTIONAL MATCH p = (a)-[r:PURSUES|PRIMED]->(x)
WHERE r.tenantId = $tenantId AND x.tenantId = $tenantId
RETURN a, collect(p) AS links;
