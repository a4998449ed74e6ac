// One hop of spreading activation (spread.activate includes it once per hop, SPREADING.maxHops
// times). It takes `frontier` (the walks of exactly hop − 1 hops), `reached` (every walk so
// far) and `hop`, and leaves the same three for the next hop; past $hops it finds nothing, so
// the frontier it passes on is empty and `reached` stays as it is.
// A hop keeps, per node, only the strongest walk of exactly `hop` hops of its two strongest
// seeds (not of every seed that reaches it): the best walk into a node from seeds other than
// itself always extends a walk of one of its predecessor's two best seeds — a seed ranked
// below both of them there is below both of them everywhere downstream — so this is exact,
// and the rows a hop carries do not grow with the number of seeds.
// A node's fan-out skips, before its neighbours are read, every edge whose strength times the
// node's strongest arrival (`reach`) is below $minActivation: such an edge yields no walk from
// any arrival. It is exact: the pruned edges are the weakest ones (a threshold on strength), so
// they rank below every kept edge and the fan-out's first $maxFanOut kept edges are the ones
// of the full fan-out that yield walks. It saves most property reads of far neighbours
// (tenant, agent, archived flag, id; the filter reading them was a third of the query's CPU).
// Ties rank by activation DESC, seed activation DESC, seed id ASC, path ASC, edge type ASC,
// as the reference does.
CALL (frontier, hop) {
  UNWIND CASE WHEN $hops >= hop THEN frontier ELSE [] END AS f
  WITH f.node AS n, collect(f) AS arrivals, max(f.act) AS reach
  CALL (n, reach) {
    MATCH (n)-[r:{{resonance-types}}]-(m)
    WHERE r.tenantId = $tenantId
    WITH m, r, type(r) AS t
    WITH m, t, toFloat(coalesce(r.weight, 0.0)) AS w, toFloat(coalesce($factors[t], 0.0)) AS k
    WITH m, t, (CASE WHEN w < 0.0 THEN 0.0 WHEN w > 1.0 THEN 1.0 ELSE w END)
             * (CASE WHEN k < 0.0 THEN 0.0 WHEN k > 1.0 THEN 1.0 ELSE k END) AS strength
    WHERE strength > 0.0 AND reach * strength >= $minActivation
    WITH m, t, strength
    WHERE m:Memory AND m.tenantId = $tenantId AND m.agentId = $agentId AND coalesce(m.archived, false) = false AND m <> n
      {{memory-filter}}
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
  RETURN collect(first) + collect(second) AS next
}
WITH next AS frontier, reached + next AS reached, hop + 1 AS hop
