// First step of a hard delete. Takes the agent's lock the way encode does (agent.lock-state)
// so no encode can splice into the chain while it is repaired, then returns the memory's
// neighbours on the temporal chain, whatever direction their edges run, and its content (its
// terms leave the agent's term statistics with it).
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
FOREACH (locked IN CASE WHEN a IS NULL THEN [] ELSE [a] END |
  SET locked.stateLock = coalesce(locked.stateLock, 0) + 1, locked.graphRev = coalesce(locked.graphRev, 0) + 1)
WITH m
RETURN m.agentId AS agentId, m.occurredAt AS occurredAt, m.content AS content,
       [(m)-[e:TEMPORAL {chain: true}]-(n:Memory)
         WHERE e.tenantId = $tenantId AND n.tenantId = $tenantId AND n.agentId = m.agentId |
         n {.id, .valence, .arousal, .dominance, embedding: n.embedding, .occurredAt, outgoing: startNode(e) = m}] AS neighbours
