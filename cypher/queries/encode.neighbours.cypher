// The agent's memory count (capped at $budget + 1) and each new item's k most similar
// existing memories of the agent. While count × items ≤ $budget they come from an exact scan:
// in the shared vector index a small agent's memories can be crowded out by other agents'.
// Past it, from the index, over-fetched ($fetch) and filtered to the agent. One query for
// both, so that the caller sends it before it knows the count (a single encode then needs
// one round trip for its reads), the agent is counted once and the embeddings travel once.
// The count stops at $budget + 1: beyond that the agent is large for any batch, and
// counting a 100k-memory agent on every encode would cost more than the encode.
//
// The caller's cache of the agent's embeddings (apps/api link-cache) replaces the exact scan
// when it is current: $epoch is the agent's linkEpoch it was built at, $stored its count, and
// each item carries `candidates`, the ids the cache ranks within a rounding margin of its k-th
// best. Every write that changes the agent's linkable memories sets a new linkEpoch, and the
// caller sent agent.lock-state before this query, so the epoch read here cannot move before
// the commit: equal epochs mean the cache holds exactly the memories the scan would read.
// The scores are still computed here, on those candidates, so that they and the order are
// bit for bit the scan's. A stale or absent cache gets the scan (`fresh` tells the caller).
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
WITH coalesce(a.linkEpoch = $epoch, false) AS fresh, a.linkEpoch AS epoch
OPTIONAL CALL (fresh) {
  // The count sits in a subquery of its own below the guard: written inline, the planner
  // seeks the agent's memories first and tests the guard on each, so an encode through a
  // current copy read every memory of the agent from the range index for nothing.
  WITH fresh WHERE NOT fresh
  CALL () {
    MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
    WHERE m.occurredAt IS NOT NULL
    WITH m LIMIT toInteger($budget) + 1
    RETURN count(m) AS counted
  }
  RETURN counted
}
WITH fresh, epoch, CASE WHEN fresh THEN toInteger($stored) ELSE counted END AS stored
WITH fresh, epoch, stored, stored * size($items) <= toInteger($budget) AS exact
UNWIND $items AS item
WITH fresh, epoch, stored, exact, item, fresh AND exact AND item.candidates IS NOT NULL AS cached
// OPTIONAL: an item whose index search finds nothing of this agent still gets its row.
OPTIONAL CALL (exact, cached, item) {
  // Per item, ORDER BY … LIMIT keeps a top-k heap instead of sorting every scored memory,
  // and the returned properties are read for the k kept only (reading them for every
  // memory cost more than the cosine itself).
  // The scan sits in a subquery of its own below the guard: written inline, the planner
  // seeks the agent's memories first and tests the guard on every one of them, which is
  // every memory of a large agent for each item of the batch.
  WITH item WHERE exact AND NOT cached
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
  // The cache's candidates, under the scan's own filter and order.
  WITH item WHERE cached
  UNWIND item.candidates AS candidate
  MATCH (m:Memory {id: candidate})
  WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.occurredAt IS NOT NULL AND m.archived = false
  WITH m, vector.similarity.cosine(m.embedding, item.embedding) AS score
  ORDER BY score DESC, m.id
  LIMIT toInteger($k)
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
WITH fresh, epoch, stored, exact, item, collect(CASE WHEN m IS NOT NULL THEN {id: m.id, score: score, valence: m.valence, arousal: m.arousal,
                    dominance: m.dominance, occurredAt: m.occurredAt.epochMillis} END) AS neighbours
RETURN fresh, epoch, stored, exact, item.key AS key, neighbours
