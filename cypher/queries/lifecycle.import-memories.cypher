// One batch of imported memories; row.props already carries the fresh id.
UNWIND $rows AS row
CREATE (m:Memory)
SET m = row.props
SET m.tenantId = $tenantId, m.agentId = $agentId
// Its valence band, for Neo4j Browser's colours (libs/graph valence-band.ts).
SET m:$(row.valenceBand)
RETURN row.key AS key, elementId(m) AS ref
