UNWIND $rows AS row
CREATE (g:Goal)
SET g = row.props
SET g.tenantId = $tenantId, g.agentId = $agentId
RETURN row.key AS key, elementId(g) AS ref
