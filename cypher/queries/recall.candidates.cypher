// The seed pool with what scoring needs: the memory, its similarity to the query
// ((1 + cos) / 2; taken from $knownScores — the vector seeds' own scores — when there, so
// only fulltext-only hits read their vector), to each goal ($goalEmbeddings, in the caller's
// goal order) and the concepts it is tagged with (for priming). Only memories that pass the
// recall's $filter (memory-filter.ts; NO_FILTER when it has none) and are not archived: the ids
// come from filtered seeds or from a spread, and the check keeps it so whoever asks.
// A memory goes out as a row, {{memory-row}}: the list of MEMORY_ROW's columns
// (libs/graph/src/memory-row.ts, which says why a list and which columns).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.embedding IS NOT NULL AND coalesce(m.archived, false) = false
  {{memory-filter}}
RETURN {{memory-row}} AS memory,
  coalesce($knownScores[m.id], vector.similarity.cosine(m.embedding, $embedding)) AS score,
  [g IN $goalEmbeddings | vector.similarity.cosine(m.embedding, g)] AS goalScores,
  COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name } AS concepts
