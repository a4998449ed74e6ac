// How many memories the agent has (archived included): only sizes the neighbour search.
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.occurredAt IS NOT NULL
RETURN count(m) AS count
