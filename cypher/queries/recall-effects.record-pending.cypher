// What a recall returned, recorded by the API right after it answered, so that its effects
// survive a lost job: pendingSince marks it for the worker's sweep until the effects apply.
// The job may have been applied first (then the record exists and nothing changes here).
// Keeps what feedback needs too: the returned memories, their raw signals (flat, SIGNAL_NAMES
// order, 12 per memory), and the weights the recall used with its query type.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
MERGE (e:RecallEffect {tenantId: $tenantId, id: $recallId})
ON CREATE SET
  e.agentId = $agentId,
  e.at = datetime({epochMillis: toInteger($now)}),
  e.pendingSince = datetime({epochMillis: toInteger($recordedAt)}),
  e.memoryIds = $memoryIds,
  e.signals = $signals,
  e.concepts = $concepts,
  e.focusId = $focusId,
  // The workspace this recall left ($workspace null: a record without one).
  e.focusEvent = $workspace.event,
  e.focusScore = $workspace.score,
  e.focusSince = $workspace.sinceMs,
  e.focusExpiresAt = $workspace.expiresAtMs,
  e.focusSuppressed = $workspace.suppressed,
  e.weights = $weights,
  e.queryType = $queryType,
  e.feedbackOn = []
RETURN e.pendingSince IS NOT NULL AS pending
