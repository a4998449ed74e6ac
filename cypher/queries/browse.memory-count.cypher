// How many of an agent's memories a listing filter matches (the connection's totalCount,
// read only when asked for). Same predicate and occurredAt bounds as browse.memories-*.
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
  AND m.occurredAt >= datetime({epochMillis: toInteger($lowestMs)}) AND m.occurredAt <= datetime({epochMillis: toInteger($highestMs)})
  {{memory-filter}}
  AND ($filter.archived = 'ALL' OR coalesce(m.archived, false) = ($filter.archived = 'ARCHIVED'))
  AND ($filter.contains IS NULL OR toLower(m.content) CONTAINS toLower($filter.contains))
RETURN count(m) AS total
