// Typed resonance edges. The type is dynamic (Cypher 25 `$(…)`), from the allow-list below;
// anything else is dropped. Both ends must belong to this agent.
UNWIND $links AS l
WITH l
WHERE l.type IN {{resonance-type-list}}
MATCH (x:Memory {id: l.from})
WHERE x.tenantId = $tenantId AND x.agentId = $agentId
MATCH (y:Memory {id: l.to})
WHERE y.tenantId = $tenantId AND y.agentId = $agentId
WITH x, y, l, datetime({epochMillis: toInteger($now)}) AS at
CREATE (x)-[:$(l.type) {tenantId: $tenantId, agentId: $agentId, weight: l.weight, chain: l.type = 'TEMPORAL' AND coalesce(l.chain, false),
  createdAt: at, strengthenedAt: at, coActivations: 0}]->(y)
RETURN count(*) AS linked
