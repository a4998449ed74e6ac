// Last step of a hard delete in the middle of the chain: joins the deleted memory's chain
// predecessor and successor, with the same property shape encode gives chain edges.
MATCH (p:Memory {id: $fromId})
WHERE p.tenantId = $tenantId
MATCH (s:Memory {id: $toId})
WHERE s.tenantId = $tenantId AND s.agentId = p.agentId
  AND NOT EXISTS { (p)-[c:TEMPORAL {chain: true}]-(s) WHERE c.tenantId = $tenantId }
CREATE (p)-[e:TEMPORAL {
  tenantId: $tenantId,
  agentId: p.agentId,
  weight: $weight,
  chain: true,
  createdAt: datetime({epochMillis: toInteger($now)}),
  strengthenedAt: datetime({epochMillis: toInteger($now)}),
  coActivations: 0
}]->(s)
RETURN p.id AS fromId, s.id AS toId
