// Before an updated memory is relinked: its resonance edges go, except the temporal chain
// (TEMPORAL {chain: true}, which follows time, not content) and co-recall counts.
{{bump-graph-rev}}
MATCH (m:Memory {id: $memoryId})-[r]-(o:Memory)
WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND r.tenantId = $tenantId
  AND type(r) IN {{resonance-type-list}}
  AND NOT (type(r) = 'TEMPORAL' AND r.chain = true)
DELETE r
RETURN count(r) AS removed
