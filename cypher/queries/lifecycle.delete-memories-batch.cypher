// One batch of deleteAgent: up to $batchSize of the agent's memories and their edges. Edges are
// deleted (and counted) before their nodes; an edge between two memories of the batch is seen
// by the first only, because a deleted edge is invisible to the rest of the transaction.
{{bump-graph-rev}}
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WITH m LIMIT toInteger($batchSize)
CALL (m) {
  OPTIONAL MATCH (m)-[r]-()
  DELETE r
  RETURN count(r) AS edges
}
DELETE m
RETURN count(m) AS nodes, coalesce(sum(edges), 0) AS edges
