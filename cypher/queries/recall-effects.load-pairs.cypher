// Resonance edges and co-recall counters among the co-recalled memories.
MATCH (m:Memory)-[r:{{resonance-types}}|CO_RECALLED]->(n:Memory)
WHERE m.id IN $ids AND n.id IN $ids AND m <> n
  AND r.tenantId = $tenantId AND m.tenantId = $tenantId AND n.tenantId = $tenantId
  AND m.agentId = $agentId AND n.agentId = $agentId
RETURN m.id AS a, n.id AS b, type(r) AS type, coalesce(r.weight, 0.0) AS weight, coalesce(r.count, 0) AS count
