// The agent after a recall: energy spent, the session counted (a new one after an idle gap), the
// global workspace the recall left, and the primed concepts replaced by the decayed-and-bumped
// residue ($primed). Runs after recall-effects.begin in the same transaction, so the agent's lock
// is already held.
// $workspace (null: leave it) is stored unless a recall at a later instant stored its own
// already (focusAt): effects applied out of order leave the workspace of the latest recall.
// An empty workspace ($workspace.focusId null) removes the focus properties.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.energy = $energy,
    a.energyAt = datetime({epochMillis: toInteger($energyAt)}),
    a.sessionStartedAt = datetime({epochMillis: toInteger($sessionStartedAt)}),
    a.sessionInteractions = toInteger($sessionInteractions),
    a.lastInteractionAt = datetime({epochMillis: toInteger($lastInteractionAt)})
REMOVE a.focusRefractory
WITH a
CALL (a) {
  WITH a
  WHERE $workspace IS NOT NULL AND (a.focusAt IS NULL OR a.focusAt <= datetime({epochMillis: toInteger($now)}))
  WITH a, $workspace.focusId IS NOT NULL AS held
  SET a.focusAt = datetime({epochMillis: toInteger($now)}),
      a.focusId = $workspace.focusId,
      a.focusScore = CASE WHEN held THEN $workspace.score END,
      a.focusSince = CASE WHEN held THEN datetime({epochMillis: toInteger($workspace.sinceMs)}) END,
      a.focusExpiresAt = CASE WHEN held THEN datetime({epochMillis: toInteger($workspace.expiresAtMs)}) END,
      a.focusSuppressed = CASE WHEN held THEN $workspace.suppressed END
}
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
