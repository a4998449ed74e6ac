// Spreading activation over the agent's resonance edges (DESIGN §4), the Cypher twin of
// spreadActivation in libs/affect (graph/spreading-activation.ts; test/spreading.e2e-spec.ts
// checks that they agree on random graphs).
//  - a walk's activation = seed activation × Π clamp(weight) × clamp($factors[type]);
//    edges are followed in either direction; a type without a factor is not followed;
//  - fan-out is static per node: its incident edges ordered by strength DESC, neighbour id
//    ASC, type ASC, the first $maxFanOut only;
//  - walks below $minActivation are dropped and not expanded (exact: activation never grows);
//  - layer h keeps, per (seed, node), the strongest walk of exactly h hops; a node's result
//    is its best entry over layers 1..$hops and seeds, a seed's own walks excluded;
//  - never leaves the agent: every node and edge is matched on tenant and agent.
// $seeds: [{id, activation}]; $poolIds: memories the caller already has (no projection);
// $maxJoined: how many memories outside the pool may join pass 2.
UNWIND $seeds AS s
MATCH (n:Memory {id: s.id})
WHERE n.tenantId = $tenantId AND n.agentId = $agentId AND coalesce(n.archived, false) = false
  AND s.activation >= $minActivation AND s.activation > 0.0
WITH collect({seed: n.id, seedAct: toFloat(s.activation), node: n, act: toFloat(s.activation), path: [n.id], types: []}) AS layer0
CALL (layer0) {
  UNWIND CASE WHEN $hops >= 1 THEN layer0 ELSE [] END AS f
  WITH f.node AS n, collect(f) AS arrivals
  CALL (n) {
    MATCH (n)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-(m:Memory)
    WHERE r.tenantId = $tenantId AND m.tenantId = $tenantId AND m.agentId = $agentId
      AND coalesce(m.archived, false) = false AND m <> n
    WITH m, type(r) AS t, toFloat(coalesce(r.weight, 0.0)) AS w, toFloat(coalesce($factors[type(r)], 0.0)) AS k
    WITH m, t, (CASE WHEN w < 0.0 THEN 0.0 WHEN w > 1.0 THEN 1.0 ELSE w END)
             * (CASE WHEN k < 0.0 THEN 0.0 WHEN k > 1.0 THEN 1.0 ELSE k END) AS strength
    WHERE strength > 0.0
    RETURN m, t, strength
    ORDER BY strength DESC, m.id ASC, t ASC
    LIMIT toInteger($maxFanOut)
  }
  UNWIND arrivals AS f
  WITH f, m, t, f.act * strength AS act
  WHERE act >= $minActivation
  WITH f, m, t, act
  ORDER BY act DESC, f.path ASC
  WITH f.seed AS seed, m,
       collect({seed: f.seed, seedAct: f.seedAct, node: m, act: act, path: f.path + m.id, types: f.types + t})[0] AS best
  RETURN collect(best) AS layer1
}
CALL (layer1) {
  UNWIND CASE WHEN $hops >= 2 THEN layer1 ELSE [] END AS f
  WITH f.node AS n, collect(f) AS arrivals
  CALL (n) {
    MATCH (n)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-(m:Memory)
    WHERE r.tenantId = $tenantId AND m.tenantId = $tenantId AND m.agentId = $agentId
      AND coalesce(m.archived, false) = false AND m <> n
    WITH m, type(r) AS t, toFloat(coalesce(r.weight, 0.0)) AS w, toFloat(coalesce($factors[type(r)], 0.0)) AS k
    WITH m, t, (CASE WHEN w < 0.0 THEN 0.0 WHEN w > 1.0 THEN 1.0 ELSE w END)
             * (CASE WHEN k < 0.0 THEN 0.0 WHEN k > 1.0 THEN 1.0 ELSE k END) AS strength
    WHERE strength > 0.0
    RETURN m, t, strength
    ORDER BY strength DESC, m.id ASC, t ASC
    LIMIT toInteger($maxFanOut)
  }
  UNWIND arrivals AS f
  WITH f, m, t, f.act * strength AS act
  WHERE act >= $minActivation
  WITH f, m, t, act
  ORDER BY act DESC, f.path ASC
  WITH f.seed AS seed, m,
       collect({seed: f.seed, seedAct: f.seedAct, node: m, act: act, path: f.path + m.id, types: f.types + t})[0] AS best
  RETURN collect(best) AS layer2
}
CALL (layer2) {
  UNWIND CASE WHEN $hops >= 3 THEN layer2 ELSE [] END AS f
  WITH f.node AS n, collect(f) AS arrivals
  CALL (n) {
    MATCH (n)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-(m:Memory)
    WHERE r.tenantId = $tenantId AND m.tenantId = $tenantId AND m.agentId = $agentId
      AND coalesce(m.archived, false) = false AND m <> n
    WITH m, type(r) AS t, toFloat(coalesce(r.weight, 0.0)) AS w, toFloat(coalesce($factors[type(r)], 0.0)) AS k
    WITH m, t, (CASE WHEN w < 0.0 THEN 0.0 WHEN w > 1.0 THEN 1.0 ELSE w END)
             * (CASE WHEN k < 0.0 THEN 0.0 WHEN k > 1.0 THEN 1.0 ELSE k END) AS strength
    WHERE strength > 0.0
    RETURN m, t, strength
    ORDER BY strength DESC, m.id ASC, t ASC
    LIMIT toInteger($maxFanOut)
  }
  UNWIND arrivals AS f
  WITH f, m, t, f.act * strength AS act
  WHERE act >= $minActivation
  WITH f, m, t, act
  ORDER BY act DESC, f.path ASC
  WITH f.seed AS seed, m,
       collect({seed: f.seed, seedAct: f.seedAct, node: m, act: act, path: f.path + m.id, types: f.types + t})[0] AS best
  RETURN collect(best) AS layer3
}
UNWIND layer1 + layer2 + layer3 AS e
WITH e
WHERE e.node.id <> e.seed
WITH e ORDER BY e.act DESC, e.seedAct DESC, e.seed ASC, size(e.path) ASC, e.path ASC
WITH e.node AS m, collect(e)[0] AS best
ORDER BY best.act DESC, m.id ASC
// Every activation is returned; only the strongest $maxJoined memories outside the pool are
// projected (similarities cost a vector read each) and so can join pass 2.
WITH collect({m: m, best: best, inPool: m.id IN $poolIds}) AS reached
WITH reached, [r IN [r IN reached WHERE NOT r.inPool][..toInteger($maxJoined)] | r.m.id] AS joining
UNWIND reached AS r
WITH r.m AS m, r.best AS best, r.m.id IN joining AS joins
RETURN m.id AS id, best.act AS activation, best.seed AS seedId, best.path AS path, best.types AS edgeTypes,
  CASE WHEN joins THEN m {.*, embedding: null} ELSE null END AS memory,
  CASE WHEN joins AND m.embedding IS NOT NULL THEN vector.similarity.cosine(m.embedding, $embedding) ELSE null END AS score,
  CASE WHEN joins AND m.embedding IS NOT NULL THEN [g IN $goalEmbeddings | vector.similarity.cosine(m.embedding, g)] ELSE [] END AS goalScores,
  CASE WHEN joins THEN
    COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
  ELSE [] END AS concepts
ORDER BY activation DESC, id ASC
