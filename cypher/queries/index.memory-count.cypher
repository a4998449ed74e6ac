// How many Memory nodes the database holds, all tenants together: the vector index refresher
// (apps/worker/src/index-refresh) compares it between ticks to tell "writes happened" from
// "quiet". Answered from Neo4j's count store (no scan); it returns one number and no tenant's
// data, like the index itself, which all tenants share.
MATCH (m:Memory)
RETURN count(m) AS memories
