// How many memories the agent has: picks the exact scan or the index over-fetch for the
// novelty check. Served by the (tenantId, agentId, occurredAt) range index.
MATCH (o:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE o.occurredAt IS NOT NULL
RETURN count(o) AS count
