// EXPERIMENT, not used by the API (bench/recall-latency README, fifth round). The text half of
// a recall's first read (recall.prelude-vector is the other half, run at the same time on
// another session): the agent's state (its node, goals with their embeddings,
// primed concepts; older agents may lack fields, the service reads them with defaults), the
// first fulltext scan (as recall.seeds-fulltext, with its `scanned` count so the caller can
// tell whether it must widen) and the candidate projection of every fulltext hit (as
// recall.candidates, each with its exact similarity: this half cannot know which hits the
// vector scan also found; the caller prefers the vector score for those).
//  - lexicon: document frequencies of the query's $terms among the agent's memories (its
//    LexTerm nodes; lexDocs and lexTerms on the agent), for the lexical signal's own BM25.
//  - No agent: no row.
//  - $text null (a query with nothing to search for): no fulltext scan, textScanned 0.
//  - Goal similarities use the goals of this very read, in the order of `goals`, restricted
//    to goals whose embedding has the query's dimension.
// The memory is projected field by field, only what scoring and the API read (parseMemory,
// parseCandidate): see recall.prelude-vector.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
WITH a,
  COLLECT {
    MATCH (a)-[p:PURSUES]->(g:Goal)
    WHERE p.tenantId = $tenantId AND g.tenantId = $tenantId AND g.embedding IS NOT NULL
    RETURN {id: g.id, priority: coalesce(p.priority, 1.0), embedding: g.embedding} ORDER BY g.id
  } AS goals,
  COLLECT {
    MATCH (a)-[p:PRIMED]->(c:Concept)
    WHERE p.tenantId = $tenantId AND c.tenantId = $tenantId
    RETURN {name: c.name, activation: coalesce(p.activation, 0.0), at: p.at}
  } AS primed,
  COLLECT {
    MATCH (t:LexTerm)
    WHERE t.tenantId = $tenantId AND t.agentId = $agentId AND t.term IN $terms
    RETURN {term: t.term, df: t.df}
  } AS lexicon
CALL () {
  WITH $text AS text
  WHERE text IS NOT NULL
  CALL db.index.fulltext.queryNodes('memory_content', text, {limit: toInteger($textFetch)}) YIELD node, score
  WITH collect({node: node, score: score}) AS hits
  RETURN size(hits) AS textScanned,
    [h IN hits
      WHERE h.node.tenantId = $tenantId AND h.node.agentId = $agentId AND coalesce(h.node.archived, false) = false
    ][..toInteger($limit)] AS textHits
}
WITH a, goals, [g IN goals WHERE size(g.embedding) = size($embedding)] AS matching, primed, lexicon, textScanned, textHits
CALL (textHits, matching) {
  UNWIND textHits AS hit
  WITH hit.node AS m, matching
  WHERE m.embedding IS NOT NULL
  RETURN collect({
    memory: m {.id, .tenantId, .agentId, .externalId, .content, occurredAt: m.occurredAt.epochMillis,
      encodedAt: m.encodedAt.epochMillis, .valence, .arousal, .dominance, .importance, .tags, .accessCount,
      .pendingAppraisal, .archived, .moodAtEncoding, .momentumAtEncoding, .consolidation,
      lastAccessedAt: m.lastAccessedAt.epochMillis},
    score: vector.similarity.cosine(m.embedding, $embedding),
    goalScores: [g IN matching | vector.similarity.cosine(m.embedding, g.embedding)],
    concepts: COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
  }) AS candidates
}
RETURN a {.*} AS agent, matching AS goals, primed, lexicon,
  textScanned, [h IN textHits | {id: h.node.id, score: h.score}] AS textFound, candidates
