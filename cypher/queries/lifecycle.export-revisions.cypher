// Export: the revisions held by one page of memories ($ids, in export order; `source` is the
// position in that list), in the order they were written.
UNWIND range(0, size($ids) - 1) AS source
MATCH (m:Memory {id: $ids[source]})-[e:REVISED]->(v:Revision)
WHERE m.tenantId = $tenantId AND e.tenantId = $tenantId AND v.tenantId = $tenantId
RETURN source, properties(v) AS props, [k IN keys(v) | [k, valueType(v[k])]] AS types
ORDER BY source, v.seq
