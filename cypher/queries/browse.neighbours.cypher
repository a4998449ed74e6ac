// The strongest resonance edges of each memory (of one GraphQL response at once): per memory
// its first $first edges of the $types, by weight DESC, other memory's id ASC, type ASC, in
// either direction (direction records creation order only), with the memory at the other end.
// Never leaves the memory's agent: edges and neighbours are matched on tenant and agent.
UNWIND $memoryIds AS memoryId
MATCH (m:Memory {id: memoryId})
WHERE m.tenantId = $tenantId
CALL (m) {
  MATCH (m)-[r:{{resonance-types}}]-(o:Memory)
  WHERE r.tenantId = $tenantId AND type(r) IN $types AND o.tenantId = $tenantId AND o.agentId = m.agentId
  WITH r, o
  ORDER BY r.weight DESC, o.id ASC, type(r) ASC
  LIMIT toInteger($first)
  RETURN collect({
    type: type(r), weight: r.weight, outgoing: startNode(r) = m,
    coActivations: coalesce(r.coActivations, 0), createdAt: r.createdAt, strengthenedAt: r.strengthenedAt,
    memory: o {.*, embedding: null, embeddingAlt: null}
  }) AS neighbours
}
RETURN memoryId, neighbours
