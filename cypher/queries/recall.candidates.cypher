// The seed pool with what scoring needs: the memory, its similarity to the query
// ((1 + cos) / 2; taken from $knownScores — the vector seeds' own scores — when there, so
// only fulltext-only hits read their vector), to each goal ($goalEmbeddings, in the caller's
// goal order) and the concepts it is tagged with (for priming).
// The memory is projected field by field, only what scoring and the API read (parseMemory,
// parseCandidate): `m {.*}` also shipped every other property — up to 20 access times,
// appraisal state — for the driver to decode and the service to throw away. Times go out as
// epoch millis: decoding a driver DateTime (Integer arithmetic) and converting it back was the
// largest CPU cost of a recall in the API process.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.embedding IS NOT NULL
RETURN m {.id, .tenantId, .agentId, .externalId, .content, occurredAt: m.occurredAt.epochMillis,
    encodedAt: m.encodedAt.epochMillis, .valence, .arousal, .dominance, .importance, .tags, .accessCount,
    .pendingAppraisal, .archived, .moodAtEncoding, .momentumAtEncoding, .consolidation,
    lastAccessedAt: m.lastAccessedAt.epochMillis} AS memory,
  coalesce($knownScores[m.id], vector.similarity.cosine(m.embedding, $embedding)) AS score,
  [g IN $goalEmbeddings | vector.similarity.cosine(m.embedding, g)] AS goalScores,
  COLLECT { MATCH (m)-[t:TAGGED]->(c:Concept) WHERE t.tenantId = $tenantId AND c.tenantId = $tenantId RETURN c.name } AS concepts
