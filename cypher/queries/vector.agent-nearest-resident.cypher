// The exact k memories of one agent nearest to each probe, when the searching process holds the
// agent's vectors as int8 codes (libs/graph resident-vectors): the codes' scan chose, per
// probe, the candidates that can be in the top k and the k anchors its proof leans on; this
// scores them exactly, with every memory stamped after the copy (vectorRev > $rev, schema 018:
// added, restored or changed since), and says whether the proof still holds.
//  - probe.candidates, probe.anchors: memory ids of the copy; probe.vector: the probe itself.
//  - $filter: a recall's MemoryFilter (memory-filter.ts; NO_FILTER for every other caller). The
//    copy chose candidates and anchors among the rows it copied as passing it; every memory read
//    here is checked against it again (a stamped one may pass now, an anchor may not any more).
//  - proven: every anchor is still there, passes this search's filter, and is unchanged since the
//    copy (stamp ≤ $rev). Only then is no memory outside the candidates and the stamped ones better
//    than the k returned: the caller asks again with a wider k when it is false (an anchor was
//    archived, deleted or changed by another transaction since the copy).
//  - incarnation: the agent's; a copy of another incarnation (the agent was deleted and made
//    again) must not be used, its revisions count from zero again. stamped: how many memories
//    were scored for being stamped after the copy (the caller renews a copy that has many).
//  - $withArchived, probe.before and the hit's fields as in vector.agent-nearest.
// Tenant and agent are checked on every row read, as in every query.
WITH CASE WHEN $recallRows THEN COLLECT {
    MATCH (a:Agent {tenantId: $tenantId, id: $agentId})-[p:PURSUES]->(g:Goal)
    WHERE p.tenantId = $tenantId AND g.tenantId = $tenantId AND g.embedding IS NOT NULL
    RETURN {id: g.id, vector: g.embedding}
  } ELSE [] END AS goals,
  COLLECT {
    MATCH (f:Memory)
    WHERE f.tenantId = $tenantId AND f.agentId = $agentId AND f.vectorRev > $rev
    RETURN f.id
  } AS stamped,
  COLLECT {
    MATCH (agent:Agent {tenantId: $tenantId, id: $agentId})
    RETURN coalesce(agent.creationToken, elementId(agent))
  }[0] AS incarnation
UNWIND $probes AS probe
WITH goals, stamped, incarnation, probe, probe.vector AS vector, size(COLLECT {
    UNWIND probe.anchors AS id
    MATCH (n:Memory {id: id})
    WHERE n.tenantId = $tenantId AND n.agentId = $agentId AND n.archived <= $withArchived
      AND coalesce(n.vectorRev, 0) <= $rev AND n.embedding IS NOT NULL
      {{memory-filter-n}}
    RETURN n.id
  }) = size(probe.anchors) AS proven
OPTIONAL CALL (probe, vector, stamped) {
  UNWIND probe.candidates + stamped AS id
  // By id, always: with the encodedAt range beside it the planner would rather seek the agent's
  // (tenantId, agentId, encodedAt) index once per candidate (100,000 rows each at that size).
  MATCH (m:Memory {id: id})
  USING INDEX m:Memory(id)
  WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.archived <= $withArchived
    AND m.encodedAt < datetime({epochMillis: toInteger(probe.before)})
    {{memory-filter}}
  WITH DISTINCT m, vector
  WITH m, vector, m.embedding AS stored
  WHERE stored IS NOT NULL AND size(stored) = size(vector)
  WITH m, vector.similarity.cosine(stored, vector) AS score
  ORDER BY score DESC, m.id
  LIMIT toInteger($k)
  RETURN m, score
}
RETURN probe.key AS key, proven, incarnation, size(stamped) AS stamped,
  collect(CASE WHEN m IS NOT NULL THEN {id: m.id, score: score, valence: m.valence, arousal: m.arousal, dominance: m.dominance,
    occurredAt: m.occurredAt.epochMillis, encodedAt: m.encodedAt.epochMillis,
    row: CASE WHEN $recallRows THEN {{memory-row}} END,
    goalScores: CASE WHEN $recallRows THEN [g IN goals WHERE size(g.vector) = size(vector) | {id: g.id, score: vector.similarity.cosine(m.embedding, g.vector)}] END,
    concepts: CASE WHEN $recallRows THEN
      COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
    END} END) AS hits
