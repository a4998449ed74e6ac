// Indexes a migration created that are still populating, but for vector indexes: the runner
// waits for these before the process serves (a query planned before a range or fulltext index
// is ONLINE would scan), while a vector index may populate in the background because
// AgentVectorSearch answers by exact scan until it is ONLINE (schema 009).
SHOW INDEXES YIELD name, type, state
WHERE state <> 'ONLINE' AND type <> 'VECTOR'
RETURN name
