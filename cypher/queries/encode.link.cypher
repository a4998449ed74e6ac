// Typed resonance edges. Relationship types cannot be parameters, so each allowed type has
// its own branch; anything else is ignored. Both ends must belong to this agent.
UNWIND $links AS l
MATCH (x:Memory {id: l.from})
WHERE x.tenantId = $tenantId AND x.agentId = $agentId
MATCH (y:Memory {id: l.to})
WHERE y.tenantId = $tenantId AND y.agentId = $agentId
WITH x, y, l, datetime({epochMillis: toInteger($now)}) AS at
FOREACH (_ IN CASE WHEN l.type = 'SEMANTIC' THEN [1] ELSE [] END |
  CREATE (x)-[:SEMANTIC {tenantId: $tenantId, agentId: $agentId, weight: l.weight, chain: false, createdAt: at, strengthenedAt: at, coActivations: 0}]->(y))
FOREACH (_ IN CASE WHEN l.type = 'EMOTIONAL' THEN [1] ELSE [] END |
  CREATE (x)-[:EMOTIONAL {tenantId: $tenantId, agentId: $agentId, weight: l.weight, chain: false, createdAt: at, strengthenedAt: at, coActivations: 0}]->(y))
FOREACH (_ IN CASE WHEN l.type = 'TEMPORAL' THEN [1] ELSE [] END |
  CREATE (x)-[:TEMPORAL {tenantId: $tenantId, agentId: $agentId, weight: l.weight, chain: l.chain, createdAt: at, strengthenedAt: at, coActivations: 0}]->(y))
FOREACH (_ IN CASE WHEN l.type = 'CAUSAL' THEN [1] ELSE [] END |
  CREATE (x)-[:CAUSAL {tenantId: $tenantId, agentId: $agentId, weight: l.weight, chain: false, createdAt: at, strengthenedAt: at, coActivations: 0}]->(y))
FOREACH (_ IN CASE WHEN l.type = 'CONTRASTIVE' THEN [1] ELSE [] END |
  CREATE (x)-[:CONTRASTIVE {tenantId: $tenantId, agentId: $agentId, weight: l.weight, chain: false, createdAt: at, strengthenedAt: at, coActivations: 0}]->(y))
RETURN count(*) AS linked
