// The agent's memory count (capped at $budget + 1) and each new item's k most similar
// existing memories of the agent. While count × items ≤ $budget they come from an exact scan:
// in the shared vector index a small agent's memories can be crowded out by other agents'.
// Past it, from the index, over-fetched ($fetch) and filtered to the agent. One query for
// both, so that the caller sends it before it knows the count (a single encode then needs
// one round trip for its reads), the agent is counted once and the embeddings travel once.
// The count stops at $budget + 1: beyond that the agent is large for any batch, and
// counting a 100k-memory agent on every encode would cost more than the encode.
CALL {
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE m.occurredAt IS NOT NULL
  WITH m LIMIT toInteger($budget) + 1
  RETURN count(m) AS stored
}
WITH stored, stored * size($items) <= toInteger($budget) AS exact
UNWIND $items AS item
// OPTIONAL: an item whose index search finds nothing of this agent still gets its row.
OPTIONAL CALL (exact, item) {
  // Per item, ORDER BY … LIMIT keeps a top-k heap instead of sorting every scored memory,
  // and the returned properties are read for the k kept only (reading them for every
  // memory cost more than the cosine itself).
  // The scan sits in a subquery of its own below the guard: written inline, the planner
  // seeks the agent's memories first and tests the guard on every one of them, which is
  // every memory of a large agent for each item of the batch.
  WITH item WHERE exact
  CALL (item) {
    MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
    WHERE m.occurredAt IS NOT NULL AND m.archived = false
    WITH m, vector.similarity.cosine(m.embedding, item.embedding) AS score
    ORDER BY score DESC, m.id
    LIMIT toInteger($k)
    RETURN m, score
  }
  RETURN m, score
  UNION ALL
  WITH item WHERE NOT exact
  CALL db.index.vector.queryNodes('memory_embedding', toInteger($fetch), item.embedding) YIELD node AS m, score
  WITH m, score
  WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.archived = false
  RETURN m, score
  ORDER BY score DESC, m.id
  LIMIT toInteger($k)
}
WITH stored, exact, item, collect(CASE WHEN m IS NOT NULL THEN {id: m.id, score: score, valence: m.valence, arousal: m.arousal,
                    dominance: m.dominance, occurredAt: m.occurredAt.epochMillis} END) AS neighbours
RETURN stored, exact, item.key AS key, neighbours
