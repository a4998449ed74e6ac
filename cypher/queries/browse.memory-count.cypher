// How many of an agent's memories a listing filter matches (the connection's totalCount,
// read only when asked for). Same predicate and occurredAt bounds as browse.memories-*.
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
  AND m.occurredAt >= datetime({epochMillis: toInteger($lowestMs)}) AND m.occurredAt <= datetime({epochMillis: toInteger($highestMs)})
  AND ($filter.scope IS NULL OR m.scope = $filter.scope)
  AND (size($filter.tagsAny) = 0 OR any(t IN $filter.tagsAny WHERE t IN m.tags))
  AND all(t IN $filter.tagsAll WHERE t IN m.tags)
  AND ($filter.after IS NULL OR m.occurredAt >= datetime({epochMillis: toInteger($filter.after)}))
  AND ($filter.before IS NULL OR m.occurredAt < datetime({epochMillis: toInteger($filter.before)}))
  AND all(p IN $filter.metadataPairs WHERE p IN m.metadataPairs)
  AND ($filter.archived = 'ALL' OR coalesce(m.archived, false) = ($filter.archived = 'ARCHIVED'))
  AND ($filter.contains IS NULL OR toLower(m.content) CONTAINS toLower($filter.contains))
RETURN count(m) AS total
