// The first read of a recall, in one round trip beside the vector search (the service sends
// both at once; AgentVectorSearch runs vector.agent-nearest): the agent's state (its node,
// goals with their embeddings, primed concepts; older agents may lack fields, the service
// reads them with defaults), the first fulltext scan (as recall.seeds-fulltext, with its
// `scanned` count so the caller can tell whether it must widen) and the candidate projection
// of every fulltext hit (as recall.candidates).
//  - lexicon: document frequencies of the query's $terms among the agent's memories (its
//    LexTerm nodes; lexDocs and lexTerms on the agent), for the lexical signal's own BM25.
//  - No agent: no row.
//  - $text null (a query with nothing to search for): no fulltext scan, textScanned 0. $text is
//    scoped to the agent (see recall.seeds-fulltext), so its hits are the agent's but for
//    archived memories, which the filter drops, and for memories outside the recall's $filter
//    (memory-filter.ts; NO_FILTER when it has none), which it drops too.
//  - Every similarity is the exact cosine of the stored embeddings (the vector search's scores
//    are exact too: its index is not quantized, schema 009). Goal similarities use the goals of
//    this very read, in the order of `goals`, restricted to goals whose embedding has the
//    query's dimension.
//  - episode (the candidates' fifth element, and moreHits' third): the ids of the memories in
//    the hit's episode ({{episode-ids}}: up to two links either way on the agent's temporal
//    chain, no link longer than the agent preset's session gap, $episodeGapsMs by preset,
//    $episodeGapMs otherwise), to which the hit lends its words for the episodeLexical signal
//    (libs/affect episode-lexical.ts). Hits are read for that up to $lenders: the pool's first
//    $limit as candidates, the rest as moreHits [id, content, episode].
//  - incarnation: which agent of that id this is, for the revisions of its spreading graph
//    (graphRev, effectsRev on the agent; spread.graph-rev).
// A memory goes out as a row, {{memory-row}}: the list of MEMORY_ROW's columns
// (libs/graph/src/memory-row.ts, which says why a list and which columns).
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
WITH a,
  COLLECT {
    MATCH (a)-[p:PURSUES]->(g:Goal)
    WHERE p.tenantId = $tenantId AND g.tenantId = $tenantId AND g.embedding IS NOT NULL
    RETURN {id: g.id, priority: coalesce(p.priority, 1.0), vector: g.embedding}
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
        {{memory-filter-hit}}
    ][..toInteger($lenders)] AS liveHits
}
WITH a, [g IN goals WHERE size(g.vector) = size($embedding)] AS goals, primed, lexicon, textScanned,
  liveHits[..toInteger($limit)] AS textHits, liveHits[toInteger($limit)..] AS lenderHits,
  coalesce($episodeGapsMs[a.preset], $episodeGapMs) AS gapMs
CALL (textHits, goals, gapMs) {
  UNWIND textHits AS hit
  WITH hit.node AS m, goals, gapMs
  WHERE m.embedding IS NOT NULL
  // [memory row, score, goal scores, concept names, episode]
  RETURN collect([
    {{memory-row}},
    vector.similarity.cosine(m.embedding, $embedding),
    [g IN goals | vector.similarity.cosine(m.embedding, g.vector)],
    COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name },
    {{episode-ids}}
  ]) AS candidates
}
CALL (lenderHits, gapMs) {
  UNWIND lenderHits AS hit
  WITH hit.node AS m, gapMs
  // [id, content, episode]
  RETURN collect([
    m.id,
    m.content,
    {{episode-ids}}
  ]) AS moreHits
}
RETURN a {.*} AS agent, coalesce(a.creationToken, elementId(a)) AS incarnation, goals, primed, lexicon,
  textScanned, [h IN textHits | {id: h.node.id, score: h.score}] AS textFound,
  candidates, moreHits
