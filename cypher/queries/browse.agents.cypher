// A page of the tenant's agents by id ascending, after $afterId ('' from the start: ids are
// never empty). The (tenantId, id) uniqueness constraint's index serves the seek and the order.
MATCH (a:Agent)
WHERE a.tenantId = $tenantId AND a.id > $afterId
RETURN a {.*} AS agent
ORDER BY a.id ASC
LIMIT toInteger($limit)
