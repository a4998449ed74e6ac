// The agent after a recall: energy spent, the session counted (a new one after an idle gap), focus refractory count, and the primed concepts
// replaced by the decayed-and-bumped residue ($primed). Runs after recall-effects.begin in
// the same transaction, so the agent's lock is already held.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.energy = $energy,
    a.energyAt = datetime({epochMillis: toInteger($energyAt)}),
    a.sessionStartedAt = datetime({epochMillis: toInteger($sessionStartedAt)}),
    a.sessionInteractions = toInteger($sessionInteractions),
    a.lastInteractionAt = datetime({epochMillis: toInteger($lastInteractionAt)}),
    a.focusRefractory = $focusRefractory
WITH a
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
