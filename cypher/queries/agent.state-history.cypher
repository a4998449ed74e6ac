// The agent's state history, oldest first: its newest $first samples at or after $since
// (epoch ms; null: from the start). Empty for an agent that does not exist in the tenant.
MATCH (s:StateSample {tenantId: $tenantId, agentId: $agentId})
WHERE $since IS NULL OR s.at >= datetime({epochMillis: toInteger($since)})
WITH s ORDER BY s.at DESC LIMIT toInteger($first)
RETURN s.at AS at, s.affect AS affect, s.mood AS mood, s.energy AS energy, s.cause AS cause
ORDER BY at ASC
