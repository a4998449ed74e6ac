// Export: the outgoing edges of the agent, its goals and its concepts (PURSUES, PRIMED, and
// whatever later features add).
CALL () {
  MATCH (s:Agent {tenantId: $tenantId, id: $agentId}) RETURN s
  UNION
  MATCH (s:Goal {tenantId: $tenantId, agentId: $agentId}) RETURN s
  UNION
  MATCH (s:Concept {tenantId: $tenantId, agentId: $agentId}) RETURN s
}
MATCH (s)-[r]->(n)
WHERE r.tenantId = $tenantId AND n.tenantId = $tenantId
RETURN labels(s) AS fromLabels, s.id AS fromId, s.name AS fromName,
       type(r) AS type, labels(n) AS toLabels, n.id AS toId, n.name AS toName,
       properties(r) AS props, [k IN keys(r) | [k, valueType(r[k])]] AS types
