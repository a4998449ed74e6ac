// After the switch: one batch of the tenant's nodes ($label) loses its old-slot vector and
// run marker, and a memory's embeddingModel becomes the target's. Only nodes that have the new
// vector: one the API wrote into the old slot just after the switch keeps its only vector
// until the catch-up has given it the new one.
MATCH (r:LimbicReembedRun {tenantId: $tenantId, id: $runId})
WHERE r.step = $step AND r.phase = 'cleaning'
SET r.step = r.step + 1, r.updatedAt = $now
WITH r
// The batch is a subquery ending in a bare count, so the step row comes back (cleared = 0) when
// nothing is left to clear: a grouped count over no rows would return no row, which the caller
// takes for "step moved on" while the step was advanced here, and the run would never finish.
CALL (r) {
  MATCH (n:$($label) {tenantId: $tenantId})
  WHERE n[r.targetSlot] IS NOT NULL AND (n[r.sourceSlot] IS NOT NULL OR n.reembedRun IS NOT NULL)
  WITH n LIMIT toInteger($limit)
  SET n[r.sourceSlot] = null,
      n.embeddingModel = CASE WHEN $label = 'Memory' THEN r.targetModel ELSE n.embeddingModel END
  REMOVE n.reembedRun
  RETURN count(n) AS cleared
}
SET r.cleared = r.cleared + cleared
RETURN cleared
