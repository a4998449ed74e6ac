// The tenant's re-embed runs, newest first (the reembedStatus query): only its own.
MATCH (r:LimbicReembedRun {tenantId: $tenantId})
RETURN r {.*} AS run
ORDER BY r.startedAt DESC
LIMIT toInteger($limit)
