// How many agents the tenant has (the agents connection's totalCount, read only when asked for).
MATCH (a:Agent)
WHERE a.tenantId = $tenantId
RETURN count(a) AS total
