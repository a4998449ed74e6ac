// Conditional on the flag, so a retried or duplicated job changes nothing the second time.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.pendingAppraisal = true
SET m.valence = $valence,
    m.arousal = $arousal,
    m.appraisalSource = $source,
    m.appraisedAt = datetime({epochMillis: toInteger($now)}),
    m.pendingAppraisal = false
RETURN m.id AS memoryId
