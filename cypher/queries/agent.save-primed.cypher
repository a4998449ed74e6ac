// The agent's attention residue replaced by $primed (already decayed and bumped by
// libs/affect primeConcepts) after an observe or an encode. Runs in a transaction that
// holds the agent's lock (agent.lock-state), like recall-effects.apply-agent.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
CALL (a) {
  MATCH (a)-[p:PRIMED]->(c:Concept)
  WHERE p.tenantId = $tenantId AND NOT c.name IN [x IN $primed | x.name]
  DELETE p
}
CALL (a) {
  UNWIND $primed AS x
  MERGE (c:Concept {tenantId: $tenantId, agentId: $agentId, name: x.name})
  MERGE (a)-[p:PRIMED {tenantId: $tenantId}]->(c)
  SET p.activation = x.activation, p.at = datetime({epochMillis: toInteger(x.at)})
}
RETURN a.id AS id
