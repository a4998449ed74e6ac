// Folds a near-duplicate (the newer memory) into its survivor (the older) of the same agent:
// resonance and concept edges move over (never across agents or tenants, never onto the
// survivor itself), accesses add up, and the survivor records the merged ids and texts.
MATCH (s:Memory {id: $survivorId})
WHERE s.tenantId = $tenantId
MATCH (l:Memory {id: $loserId})
WHERE l.tenantId = s.tenantId AND l.agentId = s.agentId AND l <> s
CALL (s, l) {
  OPTIONAL MATCH (l)-[r]-(o:Memory)
  WHERE type(r) IN $edgeTypes AND o <> s AND o.tenantId = s.tenantId AND o.agentId = s.agentId
  WITH s, r, o WHERE r IS NOT NULL
  MERGE (s)-[n:$(type(r))]-(o)
  ON CREATE SET n += properties(r)
  ON MATCH SET n.weight = CASE WHEN r.weight > n.weight THEN r.weight ELSE n.weight END,
               n.coActivations = coalesce(n.coActivations, 0) + coalesce(r.coActivations, 0),
               n.strengthenedAt = CASE WHEN r.strengthenedAt > coalesce(n.strengthenedAt, n.createdAt) THEN r.strengthenedAt ELSE n.strengthenedAt END
  RETURN count(n) AS movedEdges
}
CALL (s, l) {
  OPTIONAL MATCH (l)-[:TAGGED]->(c:Concept)
  WITH s, c WHERE c IS NOT NULL AND c.tenantId = s.tenantId
  MERGE (s)-[:TAGGED]->(c)
  RETURN count(c) AS movedConcepts
}
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
WITH s, l, movedEdges, movedConcepts, l.content AS loserContent
DETACH DELETE l
WITH s, movedEdges, movedConcepts, loserContent
// The loser leaves the agent's linkable memories: a new linkEpoch makes API replicas' caches of
// its embeddings stale (encode.neighbours).
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: s.agentId})
SET a.linkEpoch = randomUUID()
// The loser's text leaves the agent's term statistics (the caller adjusts them: lexicon.adjust).
RETURN s.id AS survivorId, s.agentId AS agentId, movedEdges, movedConcepts, loserContent
