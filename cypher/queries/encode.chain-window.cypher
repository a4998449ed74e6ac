// The agent's existing memories whose time falls inside the new items' span, plus the one
// just before and the one just after: everything the temporal chain may need rewiring for.
// The neighbours outside the span are found in two steps so that the composite index
// (tenantId, agentId, occurredAt) supplies the order: ORDER BY over all three properties
// lets the planner read one index entry instead of sorting every earlier memory (a single
// encode into a 100k-memory agent would otherwise sort 100k rows). Then, among memories at
// exactly that time, the id breaks the tie as the chain does.
CALL () {
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE m.occurredAt >= datetime({epochMillis: toInteger($from)}) AND m.occurredAt <= datetime({epochMillis: toInteger($to)})
  RETURN m
  UNION
  CALL () {
    MATCH (p:Memory {tenantId: $tenantId, agentId: $agentId})
    WHERE p.occurredAt < datetime({epochMillis: toInteger($from)})
    WITH p ORDER BY p.tenantId DESC, p.agentId DESC, p.occurredAt DESC LIMIT 1
    RETURN p.occurredAt AS at
  }
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE m.occurredAt = at
  WITH m ORDER BY m.id DESC LIMIT 1
  RETURN m
  UNION
  CALL () {
    MATCH (p:Memory {tenantId: $tenantId, agentId: $agentId})
    WHERE p.occurredAt > datetime({epochMillis: toInteger($to)})
    WITH p ORDER BY p.tenantId ASC, p.agentId ASC, p.occurredAt ASC LIMIT 1
    RETURN p.occurredAt AS at
  }
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE m.occurredAt = at
  WITH m ORDER BY m.id ASC LIMIT 1
  RETURN m
}
RETURN m.id AS id, m.occurredAt.epochMillis AS occurredAt, m.valence AS valence, m.arousal AS arousal, m.dominance AS dominance
