// System sweep across tenants, or across the listed ones ($tenants empty: all). Each row
// carries its tenant, and the job it becomes does too. Oldest first, so a backlog larger
// than one batch drains in order.
MATCH (m:Memory)
WHERE m.pendingAppraisal = true AND m.encodedAt < datetime({epochMillis: toInteger($before)})
  AND (size($tenants) = 0 OR m.tenantId IN $tenants)
RETURN m.tenantId AS tenantId, m.agentId AS agentId, m.id AS memoryId
ORDER BY m.encodedAt
LIMIT toInteger($limit)
