// The memory an id was merged into, if any: consolidation's MERGE_INTO revision of the merged
// memory moves with its history to the survivor (and on to the survivor's own survivor), so
// whoever holds it now is the answer. Schema 014 indexes (tenantId, memoryId). An import of an
// agent copies the revision, so a merged id may be held in two agents: the oldest holder wins.
MATCH (v:Revision {tenantId: $tenantId, memoryId: $memoryId})
WHERE v.kind = 'MERGE_INTO'
MATCH (s:Memory)-[e:REVISED]->(v)
WHERE s.tenantId = $tenantId AND e.tenantId = $tenantId
WITH s ORDER BY s.encodedAt, s.id LIMIT 1
RETURN s {.*, embedding: null, embeddingAlt: null} AS memory
