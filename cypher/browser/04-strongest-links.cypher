// Limbic — the strongest links
// The agent's 25 heaviest resonance edges with both memories' text: what Hebbian learning
// (co-recall) and encoding have bound most tightly. Swap the RETURN for
// `RETURN a, r, b` to see them as a graph.
// Parameters: $tenantId, $agentId
MATCH (a:Memory {tenantId: $tenantId, agentId: $agentId})-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]->(b:Memory)
WHERE r.tenantId = $tenantId
RETURN type(r) AS type,
       round(r.weight, 3) AS weight,
       coalesce(r.coActivations, 0) AS coActivations,
       left(a.content, 80) AS from,
       left(b.content, 80) AS to,
       a.id AS fromId,
       b.id AS toId
ORDER BY r.weight DESC, coActivations DESC
LIMIT 25;
