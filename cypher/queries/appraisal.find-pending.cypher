// System sweep across tenants, or across the listed ones ($tenants empty: all). Each row
// carries its tenant, and the job it becomes does too. One keyset page in (encodedAt, id)
// order, oldest first, starting after ($afterAt, $afterId): a backlog larger than one page is
// walked page by page (a batch shares one encodedAt, hence the id).
MATCH (m:Memory)
WHERE m.pendingAppraisal = true AND m.encodedAt < datetime({epochMillis: toInteger($before)})
  AND m.encodedAt >= datetime({epochMillis: toInteger($afterAt)})
  AND (m.encodedAt > datetime({epochMillis: toInteger($afterAt)}) OR m.id > $afterId)
  AND (size($tenants) = 0 OR m.tenantId IN $tenants)
RETURN m.tenantId AS tenantId, m.agentId AS agentId, m.id AS memoryId, m.encodedAt.epochMillis AS at
ORDER BY m.encodedAt, m.id
LIMIT toInteger($limit)
