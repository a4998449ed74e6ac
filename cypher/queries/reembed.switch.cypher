// The switch: the tenant's recall reads the target slot from now on. Only when no memory and
// no goal of the tenant lacks this run's vector, checked in the same transaction that flips
// the space; otherwise nothing is written and the run goes back to embedding.
MATCH (r:LimbicReembedRun {tenantId: $tenantId, id: $runId})
WHERE r.step = $step AND r.phase = 'switching'
  AND NOT EXISTS { MATCH (m:Memory {tenantId: $tenantId}) WHERE coalesce(m.reembedRun, '') <> $runId }
  AND NOT EXISTS { MATCH (g:Goal {tenantId: $tenantId}) WHERE coalesce(g.reembedRun, '') <> $runId }
MERGE (s:LimbicEmbeddingSpace {tenantId: $tenantId})
SET s.slot = r.targetSlot, s.model = r.targetModel, s.dimension = r.targetDimension, s.updatedAt = $now
SET r.phase = 'cleaning', r.step = r.step + 1, r.switchedAt = $now, r.updatedAt = $now
RETURN r.phase AS phase
