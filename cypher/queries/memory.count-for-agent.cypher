MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.occurredAt IS NOT NULL AND m.archived = false
RETURN count(m) AS count
