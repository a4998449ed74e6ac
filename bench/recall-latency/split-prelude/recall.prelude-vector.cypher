// EXPERIMENT, not used by the API (bench/recall-latency README, fifth round: no gain under
// load). The vector half of a recall's first read (recall.prelude-text is the other half),
// meant to run at once with it on two sessions, so that the text half need not wait for the
// vector scan. The agent's goals (for the hits' goal
// similarities), the first vector scan (as recall.seeds-vector-index, with its `scanned` count
// so the caller can tell whether it must widen) and the candidate projection of every hit
// (as recall.candidates).
//  - No agent: no row.
//  - vectorMatched: how many of the scanned hits are the agent's, before the cut to $limit
//    (the agent's share of the index, which sizes its next first scan).
//  - Vector hits take their similarity from the index score and are not re-read. Goal
//    similarities use the goals of this very read, in the order of `goals`, restricted to
//    goals whose embedding has the query's dimension.
// The memory is projected field by field, only what scoring and the API read (parseMemory,
// parseCandidate): `m {.*}` also shipped every other property — up to 20 access times,
// appraisal state — for the driver to decode and the service to throw away. Times go out as
// epoch millis: decoding a driver DateTime (Integer arithmetic) and converting it back was the
// largest CPU cost of a recall in the API process.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
WITH
  COLLECT {
    MATCH (a)-[p:PURSUES]->(g:Goal)
    WHERE p.tenantId = $tenantId AND g.tenantId = $tenantId AND g.embedding IS NOT NULL AND size(g.embedding) = size($embedding)
    RETURN {id: g.id, embedding: g.embedding} ORDER BY g.id
  } AS goals
CALL () {
  CALL db.index.vector.queryNodes('memory_embedding', toInteger($vectorFetch), $embedding) YIELD node, score
  WITH collect({node: node, score: score}) AS hits
  WITH size(hits) AS vectorScanned,
    [h IN hits
      WHERE h.node.tenantId = $tenantId AND h.node.agentId = $agentId AND coalesce(h.node.archived, false) = false
    ] AS own
  RETURN vectorScanned, size(own) AS vectorMatched, own[..toInteger($limit)] AS vectorHits
}
CALL (vectorHits, goals) {
  UNWIND vectorHits AS hit
  WITH hit.node AS m, hit.score AS score, goals
  RETURN collect({
    memory: m {.id, .tenantId, .agentId, .externalId, .content, occurredAt: m.occurredAt.epochMillis,
      encodedAt: m.encodedAt.epochMillis, .valence, .arousal, .dominance, .importance, .tags, .accessCount,
      .pendingAppraisal, .archived, .moodAtEncoding, .momentumAtEncoding, .consolidation,
      lastAccessedAt: m.lastAccessedAt.epochMillis},
    score: score,
    goalScores: [g IN goals | vector.similarity.cosine(m.embedding, g.embedding)],
    concepts: COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
  }) AS candidates
}
RETURN [g IN goals | g.id] AS goalIds, vectorScanned, vectorMatched,
  [h IN vectorHits | {id: h.node.id, score: h.score}] AS vectorFound, candidates
