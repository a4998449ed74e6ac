// Bounds the recall records: applied ones older than the retention (feedback on them is no
// longer taken) and pending ones older than it (effects given up) are deleted, at most
// $limit of each per call, across tenants or the listed ones.
CALL () {
  MATCH (e:RecallEffect)
  WHERE e.appliedAt < datetime({epochMillis: toInteger($before)})
    AND (size($tenants) = 0 OR e.tenantId IN $tenants)
  WITH e LIMIT toInteger($limit)
  DELETE e
  RETURN count(*) AS applied
}
CALL () {
  MATCH (e:RecallEffect)
  WHERE e.pendingSince < datetime({epochMillis: toInteger($before)})
    AND (size($tenants) = 0 OR e.tenantId IN $tenants)
  WITH e LIMIT toInteger($limit)
  DELETE e
  RETURN count(*) AS pending
}
RETURN applied, pending
