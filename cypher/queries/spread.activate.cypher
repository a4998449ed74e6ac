// Spreading activation over the agent's resonance edges (DESIGN §4), the Cypher twin of
// spreadActivation in libs/affect (graph/spreading-activation.ts; test/spreading.e2e-spec.ts
// checks that they agree on random graphs).
//  - a walk's activation = seed activation × Π clamp(weight) × clamp($factors[type]);
//    edges are followed in either direction; a type without a factor is not followed;
//  - fan-out is static per node: its incident edges ordered by strength DESC, neighbour id
//    ASC, type ASC, the first $maxFanOut only;
//  - walks below $minActivation are dropped and not expanded (exact: activation never grows);
//  - a node's result is its strongest walk of 1..$hops hops over all seeds but itself
//    (a seed's own walks back to it are not resonance);
//  - never leaves the agent: every node and edge is matched on tenant and agent;
//  - never leaves the recall's $filter (memory-filter.ts; NO_FILTER when it has none): a memory
//    that does not pass it is neither reached nor walked through, so spreading runs on the
//    subgraph of the memories that pass (the reference's graph is that subgraph). A path through
//    a non-matching memory would let memories outside the filter decide what is recalled.
// Layer h keeps, per node, only the strongest walk of exactly h hops of its two strongest
// seeds (not of every seed that reaches it): the best walk into a node from seeds other than
// itself always extends a walk of one of its predecessor's two best seeds — a seed ranked
// below both of them there is below both of them everywhere downstream — so this is exact,
// and the rows a layer carries no longer grow with the number of seeds.
// A node's fan-out skips, before its neighbours are read, every edge whose strength times the
// node's strongest arrival (`reach`) is below $minActivation: such an edge yields no walk from
// any arrival. It is exact: the pruned edges are the weakest ones (a threshold on strength), so
// they rank below every kept edge and the fan-out's first $maxFanOut kept edges are the ones
// of the full fan-out that yield walks. It saves most property reads of far neighbours
// (tenant, agent, archived flag, id; the filter reading them was a third of the query's CPU).
// Ties rank by activation DESC, seed activation DESC, seed id ASC, path ASC, edge type ASC,
// as the reference does.
// $seeds: [{id, activation}] (a seed listed twice counts with its larger activation);
// $poolIds: memories the caller already has; $maxJoined: how many memories outside the pool
// may join pass 2. Only those two kinds of memory come back: a memory in neither would be
// scored by nobody, and its row (path included) was most of what the query used to return.
// A memory goes out as a row, the list of MEMORY_ROW's columns in libs/graph/src/memory-row.ts
// (memory-row.spec.ts checks the two agree): only what scoring and the API read — `m {.*}`
// also shipped up to 20 access times and the appraisal state — and as a list, not a map, whose
// keys the driver would decode again for every memory. Times go out as epoch millis: decoding
// a driver DateTime (Integer arithmetic) was the largest CPU cost of a recall in the API.
UNWIND $seeds AS s
MATCH (n:Memory {id: s.id})
WHERE n.tenantId = $tenantId AND n.agentId = $agentId AND coalesce(n.archived, false) = false
  AND s.activation >= $minActivation AND s.activation > 0.0
  AND ($filter.scope IS NULL OR n.scope = $filter.scope)
  AND (size($filter.tagsAny) = 0 OR any(t IN $filter.tagsAny WHERE t IN n.tags))
  AND all(t IN $filter.tagsAll WHERE t IN n.tags)
  AND ($filter.after IS NULL OR n.occurredAt >= datetime({epochMillis: toInteger($filter.after)}))
  AND ($filter.before IS NULL OR n.occurredAt < datetime({epochMillis: toInteger($filter.before)}))
  AND all(p IN $filter.metadataPairs WHERE p IN n.metadataPairs)
WITH n, max(toFloat(s.activation)) AS act
WITH collect({seed: n.id, seedAct: act, node: n, act: act, path: [n.id], types: []}) AS layer0
CALL (layer0) {
  UNWIND CASE WHEN $hops >= 1 THEN layer0 ELSE [] END AS f
  WITH f.node AS n, collect(f) AS arrivals, max(f.act) AS reach
  CALL (n, reach) {
    MATCH (n)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-(m)
    WHERE r.tenantId = $tenantId
    WITH m, r, type(r) AS t
    WITH m, t, toFloat(coalesce(r.weight, 0.0)) AS w, toFloat(coalesce($factors[t], 0.0)) AS k
    WITH m, t, (CASE WHEN w < 0.0 THEN 0.0 WHEN w > 1.0 THEN 1.0 ELSE w END)
             * (CASE WHEN k < 0.0 THEN 0.0 WHEN k > 1.0 THEN 1.0 ELSE k END) AS strength
    WHERE strength > 0.0 AND reach * strength >= $minActivation
    WITH m, t, strength
    WHERE m:Memory AND m.tenantId = $tenantId AND m.agentId = $agentId AND coalesce(m.archived, false) = false AND m <> n
      AND ($filter.scope IS NULL OR m.scope = $filter.scope)
      AND (size($filter.tagsAny) = 0 OR any(t IN $filter.tagsAny WHERE t IN m.tags))
      AND all(t IN $filter.tagsAll WHERE t IN m.tags)
      AND ($filter.after IS NULL OR m.occurredAt >= datetime({epochMillis: toInteger($filter.after)}))
      AND ($filter.before IS NULL OR m.occurredAt < datetime({epochMillis: toInteger($filter.before)}))
      AND all(p IN $filter.metadataPairs WHERE p IN m.metadataPairs)
    RETURN m, t, strength
    ORDER BY strength DESC, m.id ASC, t ASC
    LIMIT toInteger($maxFanOut)
  }
  UNWIND arrivals AS f
  WITH f, m, t, f.act * strength AS act
  WHERE act >= $minActivation
  WITH f, m, t, act
  ORDER BY act DESC, f.seedAct DESC, f.seed ASC, f.path ASC, t ASC
  WITH m, collect({seed: f.seed, seedAct: f.seedAct, node: m, act: act, path: f.path + m.id, types: f.types + t}) AS walks
  WITH walks[0] AS first, [w IN walks WHERE w.seed <> walks[0].seed][0] AS second
  RETURN collect(first) + collect(second) AS layer1
}
CALL (layer1) {
  UNWIND CASE WHEN $hops >= 2 THEN layer1 ELSE [] END AS f
  WITH f.node AS n, collect(f) AS arrivals, max(f.act) AS reach
  CALL (n, reach) {
    MATCH (n)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-(m)
    WHERE r.tenantId = $tenantId
    WITH m, r, type(r) AS t
    WITH m, t, toFloat(coalesce(r.weight, 0.0)) AS w, toFloat(coalesce($factors[t], 0.0)) AS k
    WITH m, t, (CASE WHEN w < 0.0 THEN 0.0 WHEN w > 1.0 THEN 1.0 ELSE w END)
             * (CASE WHEN k < 0.0 THEN 0.0 WHEN k > 1.0 THEN 1.0 ELSE k END) AS strength
    WHERE strength > 0.0 AND reach * strength >= $minActivation
    WITH m, t, strength
    WHERE m:Memory AND m.tenantId = $tenantId AND m.agentId = $agentId AND coalesce(m.archived, false) = false AND m <> n
      AND ($filter.scope IS NULL OR m.scope = $filter.scope)
      AND (size($filter.tagsAny) = 0 OR any(t IN $filter.tagsAny WHERE t IN m.tags))
      AND all(t IN $filter.tagsAll WHERE t IN m.tags)
      AND ($filter.after IS NULL OR m.occurredAt >= datetime({epochMillis: toInteger($filter.after)}))
      AND ($filter.before IS NULL OR m.occurredAt < datetime({epochMillis: toInteger($filter.before)}))
      AND all(p IN $filter.metadataPairs WHERE p IN m.metadataPairs)
    RETURN m, t, strength
    ORDER BY strength DESC, m.id ASC, t ASC
    LIMIT toInteger($maxFanOut)
  }
  UNWIND arrivals AS f
  WITH f, m, t, f.act * strength AS act
  WHERE act >= $minActivation
  WITH f, m, t, act
  ORDER BY act DESC, f.seedAct DESC, f.seed ASC, f.path ASC, t ASC
  WITH m, collect({seed: f.seed, seedAct: f.seedAct, node: m, act: act, path: f.path + m.id, types: f.types + t}) AS walks
  WITH walks[0] AS first, [w IN walks WHERE w.seed <> walks[0].seed][0] AS second
  RETURN collect(first) + collect(second) AS layer2
}
CALL (layer2) {
  UNWIND CASE WHEN $hops >= 3 THEN layer2 ELSE [] END AS f
  WITH f.node AS n, collect(f) AS arrivals, max(f.act) AS reach
  CALL (n, reach) {
    MATCH (n)-[r:SEMANTIC|EMOTIONAL|TEMPORAL|CAUSAL|CONTRASTIVE]-(m)
    WHERE r.tenantId = $tenantId
    WITH m, r, type(r) AS t
    WITH m, t, toFloat(coalesce(r.weight, 0.0)) AS w, toFloat(coalesce($factors[t], 0.0)) AS k
    WITH m, t, (CASE WHEN w < 0.0 THEN 0.0 WHEN w > 1.0 THEN 1.0 ELSE w END)
             * (CASE WHEN k < 0.0 THEN 0.0 WHEN k > 1.0 THEN 1.0 ELSE k END) AS strength
    WHERE strength > 0.0 AND reach * strength >= $minActivation
    WITH m, t, strength
    WHERE m:Memory AND m.tenantId = $tenantId AND m.agentId = $agentId AND coalesce(m.archived, false) = false AND m <> n
      AND ($filter.scope IS NULL OR m.scope = $filter.scope)
      AND (size($filter.tagsAny) = 0 OR any(t IN $filter.tagsAny WHERE t IN m.tags))
      AND all(t IN $filter.tagsAll WHERE t IN m.tags)
      AND ($filter.after IS NULL OR m.occurredAt >= datetime({epochMillis: toInteger($filter.after)}))
      AND ($filter.before IS NULL OR m.occurredAt < datetime({epochMillis: toInteger($filter.before)}))
      AND all(p IN $filter.metadataPairs WHERE p IN m.metadataPairs)
    RETURN m, t, strength
    ORDER BY strength DESC, m.id ASC, t ASC
    LIMIT toInteger($maxFanOut)
  }
  UNWIND arrivals AS f
  WITH f, m, t, f.act * strength AS act
  WHERE act >= $minActivation
  WITH f, m, t, act
  ORDER BY act DESC, f.seedAct DESC, f.seed ASC, f.path ASC, t ASC
  WITH m, collect({seed: f.seed, seedAct: f.seedAct, node: m, act: act, path: f.path + m.id, types: f.types + t}) AS walks
  WITH walks[0] AS first, [w IN walks WHERE w.seed <> walks[0].seed][0] AS second
  RETURN collect(first) + collect(second) AS layer3
}
// A walk's node id is the last id of its path: reading it from the node again (three times for
// each of the ≈ 250 reached nodes) was the largest cost of this last part.
UNWIND layer1 + layer2 + layer3 AS e
WITH e, last(e.path) AS id
WHERE id <> e.seed
WITH e, id ORDER BY e.act DESC, e.seedAct DESC, e.seed ASC, size(e.path) ASC, e.path ASC
WITH id, collect(e)[0] AS best
ORDER BY best.act DESC, id ASC
// Only the strongest $maxJoined memories outside the pool are projected (similarities cost a
// vector read each) and so can join pass 2.
WITH collect({id: id, best: best, inPool: id IN $poolIds}) AS reached
WITH [r IN reached WHERE r.inPool] AS known, [r IN reached WHERE NOT r.inPool][..toInteger($maxJoined)] AS joining
UNWIND known + joining AS r
WITH r.id AS id, r.best.node AS m, r.best AS best, NOT r.inPool AS joins
// The embedding is read once: every `m.embedding` in an expression, `IS NOT NULL` too, reads
// the 384-number array from the store again; the query read it three times per joining
// memory (reading it once: 0.93–0.96 of the query's time, seventh read-path round, bench README).
WITH id, m, best, joins, CASE WHEN joins THEN m.embedding ELSE null END AS stored
RETURN id, best.act AS activation, best.seed AS seedId, best.path AS path, best.types AS edgeTypes,
  CASE WHEN joins THEN [m.id, m.tenantId, m.agentId, m.externalId, m.content,
    m.occurredAt.epochMillis, m.encodedAt.epochMillis, m.valence, m.arousal, m.dominance, m.importance, m.tags, m.accessCount,
    m.pendingAppraisal, m.archived, m.moodAtEncoding, m.momentumAtEncoding, m.consolidation, m.lastAccessedAt.epochMillis, m.embeddingModel, m.scope, m.metadata, m.affectGiven, m.hourOfDay, m.sessionStartedAt.epochMillis] ELSE null END AS memory,
  CASE WHEN stored IS NOT NULL THEN vector.similarity.cosine(stored, $embedding) ELSE null END AS score,
  CASE WHEN stored IS NOT NULL THEN [g IN $goalEmbeddings | vector.similarity.cosine(stored, g)] ELSE [] END AS goalScores,
  CASE WHEN joins THEN
    COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
  ELSE [] END AS concepts
ORDER BY activation DESC, id ASC
