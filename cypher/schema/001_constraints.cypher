// Identity and idempotency. Composite uniqueness constraints are available in Community.
CREATE CONSTRAINT agent_tenant_id IF NOT EXISTS FOR (a:Agent) REQUIRE (a.tenantId, a.id) IS UNIQUE;
CREATE CONSTRAINT memory_id IF NOT EXISTS FOR (m:Memory) REQUIRE m.id IS UNIQUE;
// Nodes without externalId are not constrained (a uniqueness constraint skips missing values).
CREATE CONSTRAINT memory_external_id IF NOT EXISTS FOR (m:Memory) REQUIRE (m.tenantId, m.agentId, m.externalId) IS UNIQUE;
CREATE CONSTRAINT goal_id IF NOT EXISTS FOR (g:Goal) REQUIRE g.id IS UNIQUE;
CREATE CONSTRAINT concept_key IF NOT EXISTS FOR (c:Concept) REQUIRE (c.tenantId, c.agentId, c.name) IS UNIQUE;
CREATE CONSTRAINT limbic_migration_id IF NOT EXISTS FOR (m:LimbicMigration) REQUIRE m.id IS UNIQUE;
