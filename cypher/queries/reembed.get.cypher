// One run of one tenant; without a run id, its latest.
MATCH (r:LimbicReembedRun {tenantId: $tenantId})
WHERE $runId IS NULL OR r.id = $runId
RETURN r {.*} AS run
ORDER BY r.startedAt DESC
LIMIT 1
