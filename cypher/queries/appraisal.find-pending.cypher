// System sweep across tenants: each row carries its tenant, and the job it becomes does too.
MATCH (m:Memory)
WHERE m.pendingAppraisal = true AND m.encodedAt < datetime({epochMillis: toInteger($before)})
RETURN m.tenantId AS tenantId, m.agentId AS agentId, m.id AS memoryId
LIMIT toInteger($limit)
