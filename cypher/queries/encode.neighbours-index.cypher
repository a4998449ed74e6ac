// The k most similar existing memories of the agent for each new item, from the shared
// vector index, over-fetched ($fetch) and filtered to the agent.
// $largerThan (optional): search only when the agent holds more than this many memories
// (counted up to $largerThan + 1), else return no rows. It lets the caller send the lookup
// in the same round trip as the exact scan of encode.neighbours-exact, whose guard is the
// complement, before it knows which of the two applies.
CALL {
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE $largerThan IS NOT NULL AND m.occurredAt IS NOT NULL
  WITH m LIMIT coalesce(toInteger($largerThan), 0) + 1
  RETURN count(m) AS stored
}
WITH stored
WHERE $largerThan IS NULL OR stored > toInteger($largerThan)
UNWIND $items AS item
CALL {
  WITH item
  CALL db.index.vector.queryNodes('memory_embedding', toInteger($fetch), item.embedding) YIELD node AS m, score
  WITH m, score
  WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.archived = false
  RETURN m, score
  ORDER BY score DESC, m.id
  LIMIT toInteger($k)
}
WITH item, collect({id: m.id, score: score, valence: m.valence, arousal: m.arousal, dominance: m.dominance,
                    occurredAt: m.occurredAt.epochMillis}) AS neighbours
RETURN item.key AS key, neighbours
