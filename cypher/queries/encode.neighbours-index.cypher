// The k most similar existing memories of the agent for each new item, from the shared
// vector index, over-fetched ($fetch) and filtered to the agent.
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
