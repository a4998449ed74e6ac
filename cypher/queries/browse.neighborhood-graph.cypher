// The nodes of a neighborhood and every edge of the $types among them, each once (from its
// start node), for drawing. $memoryIds were chosen by browse.neighborhood-layer.
MATCH (m:Memory)
WHERE m.id IN $memoryIds AND m.tenantId = $tenantId AND m.agentId = $agentId
WITH collect(m) AS nodes
CALL (nodes) {
  UNWIND nodes AS m
  MATCH (m)-[r:{{resonance-types}}]->(o:Memory)
  WHERE r.tenantId = $tenantId AND type(r) IN $types AND o.id IN $memoryIds AND o.tenantId = $tenantId AND o.agentId = $agentId
  RETURN collect({from: m.id, to: o.id, type: type(r), weight: r.weight}) AS edges
}
RETURN [m IN nodes | m {.*, embedding: null, embeddingAlt: null}] AS memories, edges
