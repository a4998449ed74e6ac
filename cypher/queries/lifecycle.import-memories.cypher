// One batch of imported memories; row.props already carries the fresh id.
// Stamped with the agent's raised vector revision like every new memory (schema 018).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.vectorRev = coalesce(a.vectorRev, 0) + 1
WITH a.vectorRev AS vectorRev
UNWIND $rows AS row
CREATE (m:Memory)
SET m = row.props
SET m.tenantId = $tenantId, m.agentId = $agentId, m.vectorRev = vectorRev
// Its valence band, for Neo4j Browser's colours (libs/graph valence-band.ts).
SET m:$(row.valenceBand)
RETURN row.key AS key, elementId(m) AS ref
