// New weight and, where the type changes, a new relationship of the new type carrying the
// old one's properties, then the old one deleted. The new type is dynamic (Cypher 25 `$(…)`),
// from the resonance allow-list; a revision naming any other type only changes the weight.
// $revisions: [{edgeId, fromType, toType, weight}].
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
UNWIND $revisions AS rev
MATCH (s:Memory)-[r]->(e:Memory)
WHERE elementId(r) = rev.edgeId AND (s = m OR e = m)
  AND r.tenantId = $tenantId AND type(r) = rev.fromType AND coalesce(r.chain, false) = false
SET r.weight = rev.weight,
    r.revisedAt = datetime({epochMillis: toInteger($now)})
WITH r, rev, s, e, properties(r) AS props,
     rev.toType <> rev.fromType AND rev.toType IN {{resonance-type-list}} AS retype
CALL (r, rev, s, e, props, retype) {
  WITH * WHERE retype
  CREATE (s)-[n:$(rev.toType)]->(e)
  SET n = props
  DELETE r
}
RETURN count(*) AS revised, sum(CASE WHEN retype THEN 1 ELSE 0 END) AS retyped
