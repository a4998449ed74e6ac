// How many memories the agent has, counted only up to $cap (an index range scan that stops
// early): enough to choose between an exact scan and the shared vector index.
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.occurredAt IS NOT NULL
WITH m LIMIT toInteger($cap)
RETURN count(m) AS count
