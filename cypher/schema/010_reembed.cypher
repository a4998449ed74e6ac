// Re-embedding (libs/graph/src/reembed, apps/worker/src/reembed): one embedding space per tenant
// that was ever moved, at most one run in progress per tenant (the Active node's uniqueness is
// what makes two concurrent starts for a tenant safe), runs found by tenant.
CREATE CONSTRAINT embedding_space_tenant IF NOT EXISTS FOR (s:LimbicEmbeddingSpace) REQUIRE s.tenantId IS UNIQUE;
CREATE CONSTRAINT reembed_active_tenant IF NOT EXISTS FOR (l:LimbicReembedActive) REQUIRE l.tenantId IS UNIQUE;
CREATE CONSTRAINT reembed_run_id IF NOT EXISTS FOR (r:LimbicReembedRun) REQUIRE r.id IS UNIQUE;
CREATE INDEX reembed_run_tenant IF NOT EXISTS FOR (r:LimbicReembedRun) ON (r.tenantId, r.startedAt);
CREATE INDEX goal_tenant IF NOT EXISTS FOR (g:Goal) ON (g.tenantId);
