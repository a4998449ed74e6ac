// Conditional on the flag, so a retried or duplicated job changes nothing the second time.
// expectedAffect (the reconsolidation baseline) starts at the appraised affect.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.pendingAppraisal = true
SET m.valence = $valence,
    m.arousal = $arousal,
    m.dominance = $dominance,
    m.consolidation = $consolidation,
    m.appraisal = $appraisal,
    m.expectedAffect = coalesce(m.expectedAffect, [$valence, $arousal, $dominance]),
    m.appraisalSource = $source,
    m.appraisedAt = datetime({epochMillis: toInteger($now)}),
    m.pendingAppraisal = false
// The band of the new valence, for Neo4j Browser's colours (libs/graph valence-band.ts).
REMOVE m:$($valenceBands)
SET m:$($valenceBand)
RETURN m.id AS memoryId
