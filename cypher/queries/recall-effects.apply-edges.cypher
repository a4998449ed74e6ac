// Hebbian strengthening among co-recalled memories, co-recall counters for pairs without a
// resonance edge, and a new SEMANTIC edge (counter removed) once a pair has been co-recalled
// often enough. Weights are computed by libs/affect; this only stores them.
// What recall effects teach the spreading graph raises the agent's effectsRev, not its graphRev: a
// held copy of the graph (SpreadGraphCache) lacking it may still serve recalls for
// LIMBIC_SPREAD_EFFECTS_LAG_MS, as these effects land a queue's delay after their recall anyway.
// Co-recall counters are not resonance edges; spreading never reads them.
CALL () {
  WITH 1 AS taught
  WHERE size($strengthen) + size($create) > 0
  MATCH (learner:Agent {tenantId: $tenantId, id: $agentId})
  SET learner.effectsRev = coalesce(learner.effectsRev, 0) + 1
}
CALL (*) {
  UNWIND $strengthen AS s
  MATCH (m:Memory {id: s.a})-[r:{{resonance-types}}]-(n:Memory {id: s.b})
  WHERE type(r) = s.type AND r.tenantId = $tenantId AND m.tenantId = $tenantId AND n.tenantId = $tenantId
  SET r.weight = s.weight,
      r.strengthenedAt = datetime({epochMillis: toInteger($now)}),
      r.coActivations = coalesce(r.coActivations, 0) + 1
}
CALL (*) {
  UNWIND $counters AS c
  MATCH (m:Memory {id: c.a}), (n:Memory {id: c.b})
  WHERE m.tenantId = $tenantId AND n.tenantId = $tenantId AND m.agentId = $agentId AND n.agentId = $agentId
  MERGE (m)-[k:CO_RECALLED {tenantId: $tenantId}]->(n)
  SET k.agentId = $agentId, k.count = c.count
}
CALL (*) {
  UNWIND $create AS c
  MATCH (m:Memory {id: c.a}), (n:Memory {id: c.b})
  WHERE m.tenantId = $tenantId AND n.tenantId = $tenantId AND m.agentId = $agentId AND n.agentId = $agentId
  OPTIONAL MATCH (m)-[k:CO_RECALLED {tenantId: $tenantId}]->(n)
  DELETE k
  CREATE (m)-[:SEMANTIC {
    tenantId: $tenantId, agentId: $agentId, weight: c.weight, coActivations: c.count, origin: 'co-recall',
    createdAt: datetime({epochMillis: toInteger($now)}), strengthenedAt: datetime({epochMillis: toInteger($now)})
  }]->(n)
}
RETURN 1 AS done
