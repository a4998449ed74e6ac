// The memory's state, read after appraisal.lock in the same transaction. No row when the
// memory or its agent is gone.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
RETURN m.content AS content,
       m.pendingAppraisal = true AS pending,
       m.valence AS valence,
       m.arousal AS arousal,
       m.dominance AS dominance,
       m.moodAtEncoding AS moodAtEncoding,
       m.occurredAt AS occurredAt,
       m.encodedAt AS encodedAt,
       m.embedding IS NOT NULL AS embedded,
       m.affectGiven = true AS affectGiven
