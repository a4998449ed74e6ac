// Marks the recall as applied (runs under the agent's lock, taken by recall-effects.begin, so
// two applies of one recall are serialised and the second finds it applied). The API's
// pending record is completed; without one (its write failed) the job's own copy is kept.
// What only a replay needed (concepts, focus) is dropped with the pending mark.
MERGE (e:RecallEffect {tenantId: $tenantId, id: $recallId})
ON CREATE SET
  e.agentId = $agentId,
  e.at = datetime({epochMillis: toInteger($now)}),
  e.memoryIds = $memoryIds,
  e.signals = $signals,
  e.weights = $weights,
  e.queryType = $queryType,
  e.feedbackOn = []
SET e.appliedAt = datetime({epochMillis: toInteger($appliedAt)})
REMOVE e.pendingSince, e.concepts, e.focusId, e.focusEvent, e.focusScore, e.focusSince, e.focusExpiresAt, e.focusSuppressed
RETURN e.id AS id
