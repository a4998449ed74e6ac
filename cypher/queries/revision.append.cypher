// Appends revisions, each to the memory that holds it ($holderId: the memory itself, or the
// survivor a merged memory's history moved to). `seq` numbers a holder's revisions 1, 2, …
// in the order they were written, so that revisions of one instant keep their order; the
// caller holds the agent's lock, so concurrent writers never take the same number. Rows are
// grouped by holder first: the numbers are counted once per holder, not read back per row.
UNWIND $revisions AS r
MATCH (m:Memory {id: r.holderId})
WHERE m.tenantId = $tenantId
WITH m, collect(r) AS rows
WITH m, rows, coalesce(m.revisionCount, 0) AS base
SET m.revisionCount = base + size(rows)
WITH m, rows, base
UNWIND range(0, size(rows) - 1) AS i
WITH m, rows[i] AS r, base + i + 1 AS seq
CREATE (m)-[:REVISED {tenantId: $tenantId}]->(v:Revision {
  tenantId: $tenantId, agentId: m.agentId, memoryId: r.memoryId, seq: seq,
  at: datetime({epochMillis: toInteger($now)}), kind: r.kind, fields: r.fields, before: r.before, after: r.after
})
SET v.relatedMemoryId = r.relatedMemoryId
RETURN count(v) AS written
