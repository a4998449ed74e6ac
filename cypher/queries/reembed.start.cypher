// Starts a run for one tenant unless one is in progress: the Active node is unique per tenant,
// so of two concurrent starts one MERGE creates it and the other finds the first's runId and
// returns nothing (the caller says "a run is already in progress"). Nothing else is written then.
MERGE (l:LimbicReembedActive {tenantId: $tenantId})
ON CREATE SET l.runId = $runId, l.startedAt = $now
WITH l WHERE l.runId = $runId
CREATE (r:LimbicReembedRun {
  id: $runId, tenantId: $tenantId, sourceSlot: $sourceSlot, sourceModel: $sourceModel,
  targetSlot: $targetSlot, targetModel: $targetModel, targetDimension: $targetDimension,
  phase: 'building', step: 0, embedded: 0, goals: 0, cleared: 0, batches: 0,
  total: COUNT { MATCH (m:Memory {tenantId: $tenantId}) },
  totalGoals: COUNT { MATCH (g:Goal {tenantId: $tenantId}) },
  startedAt: $now, updatedAt: $now
})
RETURN r.id AS id
