// Runs in progress, for the worker's sweep (re-adds a lost step) and the progress metric. A
// system read across tenants (the worker serves them all), filtered by $tenants when the
// worker serves only some (LIMBIC_SWEEP_TENANTS).
MATCH (l:LimbicReembedActive)
WHERE $tenants IS NULL OR l.tenantId IN $tenants
MATCH (r:LimbicReembedRun {tenantId: l.tenantId, id: l.runId})
RETURN r {.*} AS run
