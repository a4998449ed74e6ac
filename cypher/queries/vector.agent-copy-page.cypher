// One page of a copy of an agent's vectors (libs/graph resident-vectors), in (occurredAt, id)
// order after the cursor ($afterAt epoch millis, $afterId; the first page passes the smallest
// instant and ''). A memory written while the pages are read is stamped after the copy's
// revision and read by the searches themselves, so the pages need not be one snapshot. Archived
// memories are copied too (novelty searches them), with their flag, and so is what a recall's
// filter reads (memory-filter.ts: scope, occurredAt, tags, metadataPairs), so that a filtered
// search of the copy knows which rows it may return.
MATCH (m:Memory)
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
  AND m.occurredAt >= datetime({epochMillis: toInteger($afterAt)})
  AND (m.occurredAt > datetime({epochMillis: toInteger($afterAt)}) OR m.id > $afterId)
WITH m ORDER BY m.occurredAt, m.id LIMIT toInteger($limit)
RETURN m.id AS id, m.embedding AS vector, m.occurredAt.epochMillis AS occurredAt, m.encodedAt.epochMillis AS encodedAt,
  coalesce(m.archived, false) AS archived, m.scope AS scope, m.tags AS tags, m.metadataPairs AS metadataPairs
