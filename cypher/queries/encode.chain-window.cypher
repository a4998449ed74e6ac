// The agent's existing memories whose time falls inside the new items' span, plus the one
// just before and the one just after: everything the temporal chain may need rewiring for.
CALL {
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE m.occurredAt >= datetime({epochMillis: toInteger($from)}) AND m.occurredAt <= datetime({epochMillis: toInteger($to)})
  RETURN m
  UNION
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE m.occurredAt < datetime({epochMillis: toInteger($from)})
  WITH m ORDER BY m.occurredAt DESC, m.id DESC LIMIT 1
  RETURN m
  UNION
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WHERE m.occurredAt > datetime({epochMillis: toInteger($to)})
  WITH m ORDER BY m.occurredAt ASC, m.id ASC LIMIT 1
  RETURN m
}
RETURN m.id AS id, m.occurredAt.epochMillis AS occurredAt, m.valence AS valence, m.arousal AS arousal, m.dominance AS dominance
