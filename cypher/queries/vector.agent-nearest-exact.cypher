// vector.agent-nearest by an exact scan of the agent's memories, same filters, same order, same
// rows ($recallRows too). While the filtered index is not ONLINE yet (a new slot index populating after
// an upgrade, or a rebuild) AgentVectorSearch reads the index state and answers from here until
// then, so recall, encode and the workers keep working while it populates. It costs one cosine
// per memory of the agent that passes the filters, which the index exists to avoid.
// $filter: a recall's MemoryFilter (memory-filter.ts; NO_FILTER for every other caller). A
// filtered search also lands here when the index could not prove its answer complete (tags or
// metadata matched too few of its hits, vector.agent-nearest-filtered): the filter is checked
// before any cosine, so the scan costs property reads of the agent's memories and a cosine per
// memory of the filtered set.
// The agent's goals, read once, when hits carry recall rows (their cosines are per goal id).
WITH CASE WHEN $recallRows THEN COLLECT {
    MATCH (a:Agent {tenantId: $tenantId, id: $agentId})-[p:PURSUES]->(g:Goal)
    WHERE p.tenantId = $tenantId AND g.tenantId = $tenantId AND g.embedding IS NOT NULL
    RETURN {id: g.id, vector: g.embedding}
  } ELSE [] END AS goals
UNWIND $probes AS probe
// A probe is a vector, or a stored memory of the agent whose vector it is (novelty and
// near-duplicates ask about a memory: its embedding need not travel to the caller and back).
OPTIONAL MATCH (source:Memory {id: probe.memoryId})
WHERE source.tenantId = $tenantId AND source.agentId = $agentId
WITH goals, probe, coalesce(probe.vector, source.embedding) AS vector
OPTIONAL CALL (probe, vector) {
  WITH vector WHERE vector IS NOT NULL
  // The filter is read before the embedding, in a subquery of its own: in one WHERE the planner
  // tested the embedding first and so read the 384 floats of every memory of the agent (a tag of
  // 0.5 % in 20,000 memories: 604 → 106 ms p50).
  CALL (probe) {
    MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
    WHERE m.archived <= $withArchived
      AND m.encodedAt < datetime({epochMillis: toInteger(probe.before)})
      {{memory-filter}}
    RETURN m
  }
  WITH m, vector, m.embedding AS stored
  WHERE stored IS NOT NULL AND size(stored) = size(vector)
  WITH m, vector.similarity.cosine(stored, vector) AS score
  ORDER BY score DESC, m.id
  LIMIT toInteger($k)
  RETURN m, score
}
RETURN probe.key AS key,
  collect(CASE WHEN m IS NOT NULL THEN {id: m.id, score: score, valence: m.valence, arousal: m.arousal, dominance: m.dominance,
    occurredAt: m.occurredAt.epochMillis, encodedAt: m.encodedAt.epochMillis,
    row: CASE WHEN $recallRows THEN {{memory-row}} END,
    goalScores: CASE WHEN $recallRows THEN [g IN goals WHERE size(g.vector) = size(vector) | {id: g.id, score: vector.similarity.cosine(m.embedding, g.vector)}] END,
    concepts: CASE WHEN $recallRows THEN
      COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
    END} END) AS hits
