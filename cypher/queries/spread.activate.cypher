// Spreading activation over the agent's resonance edges (DESIGN §4), the Cypher twin of
// spreadActivation in libs/affect (graph/spreading-activation.ts; test/integration/spreading.int-spec.ts
// checks that they agree on random graphs). A recall runs it when the API cannot walk a copy of
// the agent's graph it holds at the graph's current revision (SpreadGraphCache): a filtered
// recall, or a graph not held or changed since it was loaded.
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
// $seeds: [{id, activation}] (a seed listed twice counts with its larger activation);
// $poolIds: memories the caller already has; $maxJoined: how many memories outside the pool
// may join pass 2. Only those two kinds of memory come back: a memory in neither would be
// scored by nobody, and its row (path included) would be most of what the query returns.
// A memory goes out as a row, {{memory-row}}: the list of MEMORY_ROW's columns
// (libs/graph/src/memory-row.ts, which says why a list and which columns).
UNWIND $seeds AS s
MATCH (n:Memory {id: s.id})
WHERE n.tenantId = $tenantId AND n.agentId = $agentId AND coalesce(n.archived, false) = false
  AND s.activation >= $minActivation AND s.activation > 0.0
  {{memory-filter-n}}
WITH n, max(toFloat(s.activation)) AS act
WITH collect({seed: n.id, seedAct: act, node: n, act: act, path: [n.id], types: []}) AS frontier
WITH frontier, [] AS reached, 1 AS hop
// One {{spread-layer}} per hop up to SPREADING.maxHops (3); a hop past $hops adds nothing.
{{spread-layer}}
{{spread-layer}}
{{spread-layer}}
// A walk's node id is the last id of its path: reading it from the node again (three times for
// each of the ≈ 250 reached nodes) was the largest cost of this last part.
UNWIND reached AS e
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
// the 384-number array from the store again; reading it three times per joining memory cost
// 0.93–0.96 of the query's time against once (bench/recall-latency README).
WITH id, m, best, joins, CASE WHEN joins THEN m.embedding ELSE null END AS stored
RETURN id, best.act AS activation, best.seed AS seedId, best.path AS path, best.types AS edgeTypes,
  CASE WHEN joins THEN {{memory-row}} ELSE null END AS memory,
  CASE WHEN stored IS NOT NULL THEN vector.similarity.cosine(stored, $embedding) ELSE null END AS score,
  CASE WHEN stored IS NOT NULL THEN [g IN $goalEmbeddings | vector.similarity.cosine(stored, g)] ELSE [] END AS goalScores,
  CASE WHEN joins THEN
    COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
  ELSE [] END AS concepts
ORDER BY activation DESC, id ASC
