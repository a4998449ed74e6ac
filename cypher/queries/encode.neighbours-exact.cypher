// The agent's memory count (capped, see below) and, while the agent is small (count × items ≤ $budget), the k
// most similar existing memories of each new item by exact scan: the shared index could be
// starved by other agents there. The guard lets the caller send this before it knows the
// count (one round trip fewer for a single encode); past the budget it returns one row with
// no key, and the caller asks the index instead.
// The count stops at $budget + 1: beyond that the agent is large for any batch, and
// counting a 100k-memory agent on every encode would cost more than the encode.
CALL {
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE m.occurredAt IS NOT NULL
  WITH m LIMIT toInteger($budget) + 1
  RETURN count(m) AS stored
}
OPTIONAL CALL (stored) {
  WITH stored WHERE stored * size($items) <= toInteger($budget)
  UNWIND $items AS item
  // Per item, ORDER BY … LIMIT keeps a top-k heap instead of sorting every scored memory,
  // and the returned properties are read for the k kept only: reading them for every
  // memory cost more than the cosine itself. The aggregation without grouping keys still
  // returns one (empty) row for an agent with no memories yet.
  CALL (item) {
    OPTIONAL MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
    WHERE m.occurredAt IS NOT NULL AND m.archived = false
    WITH m, vector.similarity.cosine(m.embedding, item.embedding) AS score
    ORDER BY score DESC, m.id
    LIMIT toInteger($k)
    RETURN collect(CASE WHEN m IS NOT NULL THEN {id: m.id, score: score, valence: m.valence, arousal: m.arousal,
                   dominance: m.dominance, occurredAt: m.occurredAt.epochMillis} END) AS neighbours
  }
  RETURN item.key AS key, neighbours
}
RETURN stored, key, neighbours
