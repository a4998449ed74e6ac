// Limbic — the strongest paths
// The 10 strongest chains of two or three resonance edges between the agent's live memories,
// as a graph. A path's strength is the product of its edge weights: what spreading activation
// carries from a seed along it (before each type's factor), so these are the routes by which
// one memory pulls others into a recall. Single heavy edges are in 04. Only edges of weight
// ≥ 0.3 are followed, which keeps the search small on large agents; lower it to see more.
// Parameters: $tenantId, $agentId
MATCH p = (a:Memory {tenantId: $tenantId, agentId: $agentId})
          (()-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE WHERE r.tenantId = $tenantId AND r.weight >= 0.3]-()){2,3}
          (b:Memory)
WHERE a.id < b.id AND all(m IN nodes(p) WHERE m.archived = false)
WITH p, reduce(s = 1.0, r IN relationships(p) | s * r.weight) AS strength
ORDER BY strength DESC
LIMIT 10
RETURN p, round(strength, 3) AS strength;
