// Revisions (updateMemory, forget, restore, merges): a merged-away id is answered by the
// memory holding its MERGE_INTO revision, found by (tenantId, memoryId).
CREATE INDEX revision_memory IF NOT EXISTS FOR (v:Revision) ON (v.tenantId, v.memoryId);
