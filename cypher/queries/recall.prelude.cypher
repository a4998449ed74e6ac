// The first read of a recall, in one round trip: the agent's state (its node, goals with
// their embeddings, primed concepts; older agents may lack fields, the service reads them
// with defaults), the first scan of both indexes (as recall.seeds-vector-index and
// recall.seeds-fulltext, with their `scanned` counts so the caller can tell whether it must
// widen) and the candidate projection of every hit (as recall.candidates). These were four
// round trips, each waiting on the one before.
//  - lexicon: document frequencies of the query's $terms among the agent's memories (its
//    LexTerm nodes; lexDocs and lexTerms on the agent), for the lexical signal's own BM25.
//  - No agent: no row.
//  - vectorMatched: how many of the scanned hits are the agent's, before the cut to $limit
//    (the agent's share of the index, which sizes its next first scan).
//  - $vectorExact: the exact scan of the agent instead of the index scan (a small agent the
//    index starved before: one round trip instead of index scan, size check and exact scan).
//  - $text null (a query with nothing to search for): no fulltext scan, textScanned 0. $text is
//    scoped to the agent (see recall.seeds-fulltext), so its hits are the agent's but for
//    archived memories, which the filter drops.
//  - Every similarity is the exact cosine of the stored embeddings, vector hits' too. The
//    index's score is computed on its int8-quantized vectors (vector.quantization.enabled, on
//    by default in 5.26): ≈ +0.015 on the (1 + cos) / 2 scale against the exact value (hash
//    embedder, 100k agent), and mixing it with the exact similarities of fulltext-only and
//    spread-joined memories and of small agents' exact scans changed the top 10 of 4 in 5
//    recalls (bench/recall-latency README, fifth round). The quantization stays: without it
//    a 100k agent's vector scan took 2.5 times as long (sixth round). Goal similarities use
//    the goals of this very read, in the order of `goals`, restricted to goals whose embedding
//    has the query's dimension.
// A memory goes out as a row, the list of MEMORY_ROW's columns in libs/graph/src/memory-row.ts
// (memory-row.spec.ts checks the two agree): only what scoring and the API read — `m {.*}`
// also shipped up to 20 access times and the appraisal state — and as a list, not a map, whose
// keys the driver would decode again for every memory. Times go out as epoch millis: decoding
// a driver DateTime (Integer arithmetic) was the largest CPU cost of a recall in the API.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
WITH a,
  COLLECT {
    MATCH (a)-[p:PURSUES]->(g:Goal)
    WHERE p.tenantId = $tenantId AND g.tenantId = $tenantId AND g.embedding IS NOT NULL
    RETURN {id: g.id, priority: coalesce(p.priority, 1.0), embedding: g.embedding}
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
  // The index scan (grouped by `exact` so that it yields no row at all when skipped).
  WITH $vectorExact AS exact
  WHERE NOT exact
  CALL db.index.vector.queryNodes('memory_embedding', toInteger($vectorFetch), $embedding) YIELD node, score
  WITH exact, collect({node: node, score: score}) AS hits
  WITH size(hits) AS vectorScanned,
    [h IN hits
      WHERE h.node.tenantId = $tenantId AND h.node.agentId = $agentId AND coalesce(h.node.archived, false) = false
    ] AS own
  RETURN vectorScanned, size(own) AS vectorMatched,
    [h IN own[..toInteger($limit)] | {node: h.node, score: vector.similarity.cosine(h.node.embedding, $embedding)}] AS vectorHits
  UNION ALL
  // Or, for an agent the caller knows to be small in a large index, the exact scan
  // (recall.seeds-vector-exact) right away: vectorScanned -1, vectorMatched the agent's size.
  WITH $vectorExact AS exact
  WHERE exact
  WITH COLLECT {
    MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
    WHERE m.occurredAt IS NOT NULL AND coalesce(m.archived, false) = false AND m.embedding IS NOT NULL
    WITH m, vector.similarity.cosine(m.embedding, $embedding) AS score
    ORDER BY score DESC, m.id
    RETURN {node: m, score: score}
  } AS own
  RETURN -1 AS vectorScanned, size(own) AS vectorMatched, own[..toInteger($limit)] AS vectorHits
}
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
WITH a, [g IN goals WHERE size(g.embedding) = size($embedding)] AS goals, primed, lexicon,
  vectorScanned, vectorMatched, vectorHits, textScanned, textHits
CALL (vectorHits, textHits, goals) {
  WITH vectorHits, textHits, goals, [h IN vectorHits | h.node] AS vectorNodes
  UNWIND vectorHits + [h IN textHits WHERE NOT h.node IN vectorNodes | {node: h.node, score: null}] AS hit
  WITH hit.node AS m, hit.score AS known, goals
  WHERE known IS NOT NULL OR m.embedding IS NOT NULL
  // [memory row, score, goal scores, concept names]
  RETURN collect([
    [m.id, m.tenantId, m.agentId, m.externalId, m.content,
      m.occurredAt.epochMillis, m.encodedAt.epochMillis, m.valence, m.arousal, m.dominance, m.importance, m.tags, m.accessCount,
      m.pendingAppraisal, m.archived, m.moodAtEncoding, m.momentumAtEncoding, m.consolidation, m.lastAccessedAt.epochMillis],
    coalesce(known, vector.similarity.cosine(m.embedding, $embedding)),
    [g IN goals | vector.similarity.cosine(m.embedding, g.embedding)],
    COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name }
  ]) AS candidates
}
RETURN a {.*} AS agent, goals, primed, lexicon,
  vectorScanned, vectorMatched, [h IN vectorHits | {id: h.node.id, score: h.score}] AS vectorFound,
  textScanned, [h IN textHits | {id: h.node.id, score: h.score}] AS textFound,
  candidates
