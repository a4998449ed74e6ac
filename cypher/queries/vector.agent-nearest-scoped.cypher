// vector.agent-nearest for a recall whose MemoryFilter (libs/graph memory-filter.ts) names a
// scope. The SEARCH is filtered inside the index by what the slot index holds (reembed.create-index): tenant, agent,
// archived, encodedAt, the occurredAt range and the scope (a scope in the search finds only
// memories with that scope). Its twin vector.agent-nearest-filtered is the same without the
// scope condition: SEARCH takes no OR, so an optional condition is a second query.
//  - $occurredFrom ≤ occurredAt < $occurredTo, epoch millis: the filter's bounds, or the widest
//    instants a memory can have when it has none (memory-filter.ts FILTER_TIME_*).
//  - Tags and metadata are lists, which no index filters: every hit is checked against the
//    whole filter after the search (memory-filter.ts's predicate; scope and time again too) and
//    the first $k that pass are kept, best first.
//  - scanned: the hits the search returned before that check. AgentVectorSearch asks for
//    $fetch ≥ $k; when fewer than $k pass although the search came back full ($fetch hits), what
//    lies beyond is unknown and it asks vector.agent-nearest-exact instead, so the answer is
//    always the true top k of the filtered set.
// Otherwise as vector.agent-nearest: probes, before, $withArchived, $recallRows, same hit maps.
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
        AND m.occurredAt >= datetime({epochMillis: toInteger($occurredFrom)})
        AND m.occurredAt < datetime({epochMillis: toInteger($occurredTo)})
        AND m.scope = $filter.scope
      LIMIT toInteger($fetch)
    ) SCORE AS score
  RETURN m, score
}
WITH goals, probe, vector, m, score,
  m IS NOT NULL AND m.tenantId = $tenantId AND m.agentId = $agentId
  {{memory-filter}} AS passes
ORDER BY score DESC, m.id
WITH goals, probe, vector, count(m) AS scanned, collect(CASE WHEN passes THEN {m: m, score: score} END)[..toInteger($k)] AS kept
// One row per probe, also when nothing passed (m null then).
UNWIND CASE WHEN size(kept) = 0 THEN [null] ELSE kept END AS hit
WITH goals, probe, vector, scanned, hit.m AS m, hit.score AS score
RETURN probe.key AS key, scanned,
  collect(CASE WHEN m IS NOT NULL THEN {id: m.id, score: score, valence: m.valence, arousal: m.arousal, dominance: m.dominance,
    occurredAt: m.occurredAt.epochMillis, encodedAt: m.encodedAt.epochMillis,
    row: CASE WHEN $recallRows THEN {{memory-row}} END,
    goalScores: CASE WHEN $recallRows THEN [g IN goals WHERE size(g.vector) = size(vector) | {id: g.id, score: vector.similarity.cosine(m.embedding, g.vector)}] END,
    concepts: CASE WHEN $recallRows THEN
      COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
    END} END) AS hits
