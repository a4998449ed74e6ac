// The k memories of one agent nearest to each probe vector: the one nearest-neighbour search of
// Limbic (libs/graph AgentVectorSearch; recall seeds, link candidates, novelty, near-duplicates).
// The index is filtered inside the search (the slot index of reembed.create-index: tenant,
// agent, archived and encodedAt are filter properties), so the k found are the agent's own,
// however many memories other agents or tenants hold: nothing is over-fetched, widened or
// scanned. They are its exact top k while the filter leaves the index few enough candidates to
// check them all; for an agent of tens of thousands it would be HNSW's approximation
// (bench/vector-accuracy/README.md measures how close), so AgentVectorSearch sends such an agent
// to vector.agent-nearest-resident (or, until its copy is held, vector.agent-nearest-exact).
//  - $fetch ≥ $k: the candidates the index is asked for, of which the best $k are kept. The
//    index's candidate list is its LIMIT, so a small k alone would search with a short list
//    (AgentVectorSearch SEARCH_CANDIDATES_MIN says what that cost).
//  - $withArchived false: live memories only; true: archived ones too (`archived <= true`
//    holds for both values; the filter takes exact values and ranges only, not OR).
//  - probe.before: epoch millis; only memories encoded strictly before count (novelty asks
//    for what the agent had seen; everyone else passes a far-future instant).
//  - score: the index's (1 + cos) / 2, exact (to float precision) because the index stores
//    unquantized vectors (schema 009 says why).
//  - $recallRows: each hit also carries what recall scores a candidate by (its MEMORY_ROW, the
//    cosine to each of $goalEmbeddings, its concept names; as recall.candidates), so that a
//    recall needs no second read of its vector seeds: every query is a round trip of ≈ 2 ms
//    here, more than the projection (bench/recall-latency README, "Neo4j 2026"). Other
//    callers leave it false and read five properties a hit.
// The index narrows; the second filter authorises, like every query (a search never returns
// another agent's memory, but the query does not rely on the index for who may read what).
// OPTIONAL: a probe that finds nothing still gets its row, with no hits.
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
  MATCH (m:Memory)
    SEARCH m IN (
      VECTOR INDEX memory_embedding_hnsw
      FOR vector
      WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.archived <= $withArchived
        AND m.encodedAt < datetime({epochMillis: toInteger(probe.before)})
      LIMIT toInteger($fetch)
    ) SCORE AS score
  WITH m, score
  WHERE m.tenantId = $tenantId AND m.agentId = $agentId
  RETURN m, score
  ORDER BY score DESC, m.id
  LIMIT toInteger($k)
}
RETURN probe.key AS key,
  collect(CASE WHEN m IS NOT NULL THEN {id: m.id, score: score, valence: m.valence, arousal: m.arousal, dominance: m.dominance,
    occurredAt: m.occurredAt.epochMillis, encodedAt: m.encodedAt.epochMillis,
    row: CASE WHEN $recallRows THEN {{memory-row}} END,
    goalScores: CASE WHEN $recallRows THEN [g IN goals WHERE size(g.vector) = size(vector) | {id: g.id, score: vector.similarity.cosine(m.embedding, g.vector)}] END,
    concepts: CASE WHEN $recallRows THEN
      COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
    END} END) AS hits
