// Hebbian strengthening among co-recalled memories, co-recall counters for pairs without a
// resonance edge, and a new SEMANTIC edge (counter removed) once a pair has been co-recalled
// often enough. Weights are computed by libs/affect; this only stores them.
{{bump-learn-rev}}
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
