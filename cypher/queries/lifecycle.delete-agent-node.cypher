// The agent itself, after its memories, goals and concepts.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
CALL (a) {
  OPTIONAL MATCH (a)-[r]-()
  DELETE r
  RETURN count(r) AS edges
}
DELETE a
RETURN count(a) AS nodes, coalesce(sum(edges), 0) AS edges
