// One batch of imported revisions, each attached to its holder memory created earlier in the
// same transaction (element ids never outlive it). row.props already names the new memory ids.
UNWIND $rows AS row
MATCH (m:Memory) WHERE elementId(m) = row.holder AND m.tenantId = $tenantId
CREATE (m)-[:REVISED {tenantId: $tenantId}]->(v:Revision)
SET v = row.props
SET v.tenantId = $tenantId, v.agentId = $agentId
RETURN count(v) AS revisions
