UNWIND $rows AS row
CREATE (c:Concept)
SET c = row.props
SET c.tenantId = $tenantId, c.agentId = $agentId
RETURN row.key AS key, elementId(c) AS ref
