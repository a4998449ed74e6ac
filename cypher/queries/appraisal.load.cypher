MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
RETURN m.content AS content, m.pendingAppraisal AS pending, m.valence AS valence, m.arousal AS arousal
