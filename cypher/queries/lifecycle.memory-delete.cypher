// Second step of a hard delete: the memory, every edge touching it, and the revisions it holds
// (its history, and that of memories merged into it, goes with it). `edges` counts the
// memory's edges to the rest of the graph, not those to its revisions.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
WITH m, COUNT { (m)--(o) WHERE NOT o:Revision } AS edges
CALL (m) {
  OPTIONAL MATCH (m)-[:REVISED]->(v:Revision)
  WHERE v.tenantId = $tenantId
  DETACH DELETE v
}
DETACH DELETE m
RETURN edges
