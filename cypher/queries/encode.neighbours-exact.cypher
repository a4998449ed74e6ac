// The k most similar existing memories of the agent for each new item, by exact scan:
// used while the agent is small, where the shared index could be starved by others.
UNWIND $items AS item
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.occurredAt IS NOT NULL AND m.archived = false
WITH item, m, vector.similarity.cosine(m.embedding, item.embedding) AS score
ORDER BY score DESC, m.id
WITH item, collect({id: m.id, score: score, valence: m.valence, arousal: m.arousal, dominance: m.dominance,
                    occurredAt: m.occurredAt.epochMillis})[0..toInteger($k)] AS neighbours
RETURN item.key AS key, neighbours
