// Limbic — an agent's edges by type
// How many resonance edges of each type the agent has, how strong they are on average and
// how often recall co-activated them; chain edges (the timeline) are counted apart.
// Parameters: $tenantId, $agentId
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]->(:Memory)
WHERE r.tenantId = $tenantId
RETURN type(r) + CASE WHEN r.chain = true THEN ' (chain)' ELSE '' END AS type,
       count(r) AS edges,
       round(avg(r.weight), 3) AS avgWeight,
       round(min(r.weight), 3) AS minWeight,
       round(max(r.weight), 3) AS maxWeight,
       sum(coalesce(r.coActivations, 0)) AS coActivations
ORDER BY edges DESC;
