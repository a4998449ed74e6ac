// Folds a near-duplicate (the newer memory) into its survivor (the older) of the same agent:
// resonance and concept edges move over (never across agents or tenants, never onto the
// survivor itself), accesses add up, and the survivor records the merged ids and texts.
MATCH (s:Memory {id: $survivorId})
WHERE s.tenantId = $tenantId
MATCH (l:Memory {id: $loserId})
WHERE l.tenantId = s.tenantId AND l.agentId = s.agentId AND l <> s
// What a user stored on the survivor before the merge changes it (the caller writes the
// MERGED_FROM revision from these and the values after).
WITH s, l, coalesce(s.tags, []) AS tagsBefore, s.importance AS importanceBefore
CALL (s, l) {
  OPTIONAL MATCH (l)-[r:{{resonance-types}}]-(o:Memory)
  WHERE o <> s AND o <> l AND o.tenantId = s.tenantId AND o.agentId = s.agentId
  WITH s, l, r, o WHERE r IS NOT NULL
  // Traversal ignores direction, so an edge the survivor already has with `o` (either way)
  // absorbs the loser's; otherwise the edge moves keeping its direction: it records creation
  // order (TEMPORAL reads earlier → later) and its start node's reviews are the ones that decay it.
  OPTIONAL MATCH (s)-[e]-(o)
  WHERE type(e) = type(r)
  WITH s, l, r, o, head(collect(e)) AS e
  CALL (s, l, r, o, e) {
    WITH * WHERE e IS NOT NULL
    SET e.weight = CASE WHEN r.weight > e.weight THEN r.weight ELSE e.weight END,
        e.coActivations = coalesce(e.coActivations, 0) + coalesce(r.coActivations, 0),
        e.strengthenedAt = CASE WHEN r.strengthenedAt > coalesce(e.strengthenedAt, e.createdAt) THEN r.strengthenedAt ELSE e.strengthenedAt END
  }
  CALL (s, l, r, o, e) {
    WITH * WHERE e IS NULL AND startNode(r) = l
    CREATE (s)-[n:$(type(r))]->(o)
    SET n = properties(r)
  }
  CALL (s, l, r, o, e) {
    WITH * WHERE e IS NULL AND endNode(r) = l
    CREATE (o)-[n:$(type(r))]->(s)
    SET n = properties(r)
  }
  RETURN count(r) AS movedEdges
}
CALL (s, l) {
  OPTIONAL MATCH (l)-[t:TAGGED]->(c:Concept)
  WITH s, t, c WHERE c IS NOT NULL AND c.tenantId = s.tenantId AND c.agentId = s.agentId
  // Recall reads concepts through TAGGED edges of the tenant only: the moved edge keeps its tenantId.
  MERGE (s)-[n:TAGGED]->(c)
  ON CREATE SET n = properties(t)
  RETURN count(c) AS movedConcepts
}
// The loser's history (its revisions and those of memories merged into it) moves to the
// survivor, numbered after the survivor's own so that each holder's seq stays unique.
CALL (s, l) {
  OPTIONAL MATCH (l)-[old:REVISED]->(v:Revision)
  WITH s, old, v WHERE v IS NOT NULL AND v.tenantId = s.tenantId
  CREATE (s)-[moved:REVISED]->(v)
  SET moved = properties(old), v.seq = coalesce(s.revisionCount, 0) + v.seq
  RETURN count(v) AS movedRevisions
}
SET s.revisionCount = coalesce(s.revisionCount, 0) + coalesce(l.revisionCount, 0)
SET s.accessCount = coalesce(s.accessCount, 0) + coalesce(l.accessCount, 0),
    s.accessTimes = coalesce(s.accessTimes, []) + coalesce(l.accessTimes, []),
    s.lastAccessedAt = CASE
      WHEN l.lastAccessedAt IS NOT NULL AND (s.lastAccessedAt IS NULL OR l.lastAccessedAt > s.lastAccessedAt) THEN l.lastAccessedAt
      ELSE s.lastAccessedAt END,
    s.importance = CASE WHEN coalesce(l.importance, 0) > coalesce(s.importance, 0) THEN l.importance ELSE s.importance END,
    s.tags = coalesce(s.tags, []) + [t IN coalesce(l.tags, []) WHERE NOT t IN coalesce(s.tags, [])],
    s.mergedIds = coalesce(s.mergedIds, []) + [l.id] + coalesce(l.mergedIds, []),
    s.mergedContents = coalesce(s.mergedContents, []) + [l.content] + coalesce(l.mergedContents, []),
    s.mergedExternalIds = coalesce(s.mergedExternalIds, []) + [x IN [l.externalId] WHERE x IS NOT NULL] + coalesce(l.mergedExternalIds, []),
    s.mergedAt = datetime({epochMillis: toInteger($now)})
WITH s, l, movedEdges, movedConcepts, l.content AS loserContent, tagsBefore, importanceBefore
DETACH DELETE l
WITH s, movedEdges, movedConcepts, loserContent, tagsBefore, importanceBefore
// The loser's text leaves the agent's term statistics (the caller adjusts them: lexicon.adjust).
RETURN s.id AS survivorId, s.agentId AS agentId, movedEdges, movedConcepts, loserContent,
       tagsBefore, importanceBefore, s.tags AS tagsAfter, s.importance AS importanceAfter
