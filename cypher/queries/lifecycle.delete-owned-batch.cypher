// One batch of deleteAgent for everything else the agent owns, label by label, so each branch
// scans one label (or its index) instead of every node of the database: goals, concepts, term
// statistics, revisions, recall records, state samples, and memories written while the delete ran. Every
// label a query writes with an agentId must be listed here (owned-labels.spec.ts checks it).
{{bump-graph-rev}}
CALL () {
  MATCH (n:Memory) WHERE n.tenantId = $tenantId AND n.agentId = $agentId RETURN n LIMIT toInteger($batchSize)
  UNION
  MATCH (n:Goal) WHERE n.tenantId = $tenantId AND n.agentId = $agentId RETURN n LIMIT toInteger($batchSize)
  UNION
  MATCH (n:Concept) WHERE n.tenantId = $tenantId AND n.agentId = $agentId RETURN n LIMIT toInteger($batchSize)
  UNION
  MATCH (n:LexTerm) WHERE n.tenantId = $tenantId AND n.agentId = $agentId RETURN n LIMIT toInteger($batchSize)
  UNION
  MATCH (n:Revision) WHERE n.tenantId = $tenantId AND n.agentId = $agentId RETURN n LIMIT toInteger($batchSize)
  UNION
  MATCH (n:RecallEffect) WHERE n.tenantId = $tenantId AND n.agentId = $agentId RETURN n LIMIT toInteger($batchSize)
  UNION
  MATCH (n:StateSample) WHERE n.tenantId = $tenantId AND n.agentId = $agentId RETURN n LIMIT toInteger($batchSize)
}
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
