// New weight and, where the type changes, a new relationship of the new type carrying the
// old one's properties. Relationship types cannot be parameters: each allowed type has its
// own CREATE, chosen by FOREACH over CASE; the old edge is deleted only when one was made.
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
     rev.toType <> rev.fromType AND rev.toType IN ['SEMANTIC', 'EMOTIONAL', 'TEMPORAL', 'CAUSAL', 'CONTRASTIVE'] AS retype
FOREACH (_ IN CASE WHEN retype AND rev.toType = 'SEMANTIC' THEN [1] ELSE [] END | CREATE (s)-[n:SEMANTIC]->(e) SET n = props)
FOREACH (_ IN CASE WHEN retype AND rev.toType = 'EMOTIONAL' THEN [1] ELSE [] END | CREATE (s)-[n:EMOTIONAL]->(e) SET n = props)
FOREACH (_ IN CASE WHEN retype AND rev.toType = 'TEMPORAL' THEN [1] ELSE [] END | CREATE (s)-[n:TEMPORAL]->(e) SET n = props)
FOREACH (_ IN CASE WHEN retype AND rev.toType = 'CAUSAL' THEN [1] ELSE [] END | CREATE (s)-[n:CAUSAL]->(e) SET n = props)
FOREACH (_ IN CASE WHEN retype AND rev.toType = 'CONTRASTIVE' THEN [1] ELSE [] END | CREATE (s)-[n:CONTRASTIVE]->(e) SET n = props)
FOREACH (_ IN CASE WHEN retype THEN [1] ELSE [] END | DELETE r)
RETURN count(*) AS revised, sum(CASE WHEN retype THEN 1 ELSE 0 END) AS retyped
