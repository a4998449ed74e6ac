// One batch of deleteAgent for everything else carrying the agent's tenantId + agentId (goals,
// concepts, memories written while the delete ran, labels added later). Label-free on purpose,
// so it scans: deleteAgent is rare, and forgetting a node kind would leave data behind.
MATCH (n)
WHERE n.tenantId = $tenantId AND n.agentId = $agentId
WITH n LIMIT toInteger($batchSize)
CALL (n) {
  OPTIONAL MATCH (n)-[r]-()
  DELETE r
  RETURN count(r) AS edges
}
WITH n, edges, labels(n) AS labels
DELETE n
RETURN sum(CASE WHEN 'Memory' IN labels THEN 1 ELSE 0 END) AS memories,
       sum(CASE WHEN 'Goal' IN labels THEN 1 ELSE 0 END) AS goals,
       sum(CASE WHEN 'Concept' IN labels THEN 1 ELSE 0 END) AS concepts,
       count(n) AS nodes,
       coalesce(sum(edges), 0) AS edges
