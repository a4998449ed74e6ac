// Export: the outgoing edges of one page of memories ($ids, in export order; `source` is the
// position in that list). Every edge is exported once, from its start node.
UNWIND range(0, size($ids) - 1) AS source
MATCH (m:Memory {id: $ids[source]})-[r]->(n)
WHERE m.tenantId = $tenantId AND r.tenantId = $tenantId AND n.tenantId = $tenantId
RETURN source, type(r) AS type, labels(n) AS toLabels, n.id AS toId, n.name AS toName,
       properties(r) AS props, [k IN keys(r) | [k, valueType(r[k])]] AS types
