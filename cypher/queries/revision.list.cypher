// A memory's revisions, newest first: its own and those of memories merged into it.
MATCH (m:Memory {id: $memoryId})-[e:REVISED]->(v:Revision)
WHERE m.tenantId = $tenantId AND e.tenantId = $tenantId AND v.tenantId = $tenantId
RETURN v.memoryId AS memoryId, v.seq AS seq, v.at.epochMillis AS at, v.kind AS kind, v.fields AS fields,
       v.before AS before, v.after AS after, v.relatedMemoryId AS relatedMemoryId
ORDER BY v.at DESC, v.seq DESC
LIMIT toInteger($first)
