// System sweep: recalls whose effects were recorded pending before $before and not applied
// (their job was lost with Redis, or is still queued), across tenants or the listed ones
// ($tenants empty: all). One keyset page in (pendingSince, id) order, oldest first, starting
// after ($afterAt, $afterId); each row is everything the effects job carries.
MATCH (e:RecallEffect)
WHERE e.pendingSince < datetime({epochMillis: toInteger($before)})
  AND e.pendingSince >= datetime({epochMillis: toInteger($afterAt)})
  AND (e.pendingSince > datetime({epochMillis: toInteger($afterAt)}) OR e.id > $afterId)
  AND (size($tenants) = 0 OR e.tenantId IN $tenants)
WITH e ORDER BY e.pendingSince, e.id LIMIT toInteger($limit)
RETURN e.tenantId AS tenantId, e.agentId AS agentId, e.id AS recallId, e.at.epochMillis AS now,
  e.memoryIds AS memoryIds, e.signals AS signals, coalesce(e.concepts, []) AS concepts, e.focusId AS focusId,
  e.focusEvent AS focusEvent, e.focusScore AS focusScore, e.focusSince AS focusSince, e.focusExpiresAt AS focusExpiresAt,
  e.focusSuppressed AS focusSuppressed,
  e.weights AS weights, e.queryType AS queryType, e.pendingSince.epochMillis AS pendingAt
