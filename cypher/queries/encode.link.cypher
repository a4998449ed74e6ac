// Typed resonance edges. The type is dynamic (Cypher 25 `$(…)`), from the allow-list below;
// anything else is dropped. Both ends must belong to this agent. Each edge carries the agent's
// graph revision it was made at (`rev`; the encode raised it earlier in its transaction,
// encode.raise-graph-rev): a load of the graph that overlaps a later encode leaves that encode's
// edges out by it and adds them from the API's journal instead (SpreadGraphCache).
OPTIONAL MATCH (owner:Agent {tenantId: $tenantId, id: $agentId})
WITH coalesce(owner.graphRev, 0) AS rev
UNWIND $links AS l
WITH l, rev
WHERE l.type IN {{resonance-type-list}}
MATCH (x:Memory {id: l.from})
WHERE x.tenantId = $tenantId AND x.agentId = $agentId
MATCH (y:Memory {id: l.to})
WHERE y.tenantId = $tenantId AND y.agentId = $agentId
WITH x, y, l, rev, datetime({epochMillis: toInteger($now)}) AS at
CREATE (x)-[:$(l.type) {tenantId: $tenantId, agentId: $agentId, weight: l.weight, chain: l.type = 'TEMPORAL' AND coalesce(l.chain, false),
  createdAt: at, strengthenedAt: at, coActivations: 0, rev: rev}]->(y)
RETURN count(*) AS linked
