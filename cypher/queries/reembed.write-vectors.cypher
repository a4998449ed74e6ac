// Writes one batch of target-model vectors into the run's target slot (the inactive one, until
// the switch) and advances the run's step in the same transaction: a step that committed is
// never run again (its job, replayed, finds the step moved on), one that did not left nothing.
// reembedCount counts every vector a run wrote into a node (the e2e checks each is written once).
MATCH (r:LimbicReembedRun {tenantId: $tenantId, id: $runId})
WHERE r.step = $step AND r.phase = $phase
SET r.step = r.step + 1, r.batches = r.batches + 1, r.updatedAt = $now
WITH r
// The batch is a subquery ending in a bare count: the step row comes back even when no row
// matched (a memory deleted since it was read), so the caller never mistakes it for a replay.
CALL (r) {
  UNWIND $rows AS row
  MATCH (n:$($label) {id: row.id})
  WHERE n.tenantId = $tenantId AND coalesce(n.reembedRun, '') <> $runId
  SET n[r.targetSlot] = row.vector, n.reembedRun = $runId, n.reembedCount = coalesce(n.reembedCount, 0) + 1
  RETURN count(n) AS written
}
SET r[$counter] = r[$counter] + written
RETURN written
