// Access statistics and reconsolidation of the recalled memories, as of the recall's $now.
// accessTimes keeps the last 20 accesses (enough for spacing; bounded node size).
UNWIND $updates AS u
MATCH (m:Memory {id: u.id})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
WITH m, u, datetime({epochMillis: toInteger($now)}) AS at
SET m.accessCount = coalesce(m.accessCount, 0) + 1,
    m.lastAccessedAt = CASE WHEN m.lastAccessedAt IS NULL OR m.lastAccessedAt < at THEN at ELSE m.lastAccessedAt END,
    m.accessTimes = (coalesce(m.accessTimes, []) + at)[-20..],
    m.valence = u.valence,
    m.arousal = u.arousal,
    m.dominance = u.dominance,
    m.expectedAffect = u.expectedAffect,
    m.predictionRate = u.predictionRate,
    m.labileUntil = CASE WHEN u.labileUntil IS NULL THEN null ELSE datetime({epochMillis: toInteger(u.labileUntil)}) END,
    m.reconsolidationCount = u.reconsolidationCount
// Reconsolidation may move valence across a band (libs/graph valence-band.ts).
REMOVE m:$($valenceBands)
SET m:$(u.valenceBand)
