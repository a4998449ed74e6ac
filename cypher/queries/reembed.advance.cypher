// Moves a run to its next phase when it is still at the step the caller saw (a replayed step
// finds nothing to advance). Done or failed, the tenant's Active node goes: it may start again.
MATCH (r:LimbicReembedRun {tenantId: $tenantId, id: $runId})
WHERE r.step = $step AND r.phase = $phase
SET r.phase = $next, r.step = r.step + 1, r.updatedAt = $now, r.error = $error,
    r.finishedAt = CASE WHEN $next IN ['done', 'failed'] THEN $now ELSE null END
WITH r
OPTIONAL MATCH (l:LimbicReembedActive {tenantId: $tenantId})
WHERE l.runId = $runId AND r.phase IN ['done', 'failed']
DELETE l
RETURN r.phase AS phase
