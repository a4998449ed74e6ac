// Marks the recall as applied (the uniqueness constraint makes a concurrent second apply
// fail and retry into "already processed") and keeps what feedback needs: the returned
// memories and their raw signals, flat, SIGNAL_NAMES order, 12 per memory.
CREATE (e:RecallEffect {
  tenantId: $tenantId, id: $recallId, agentId: $agentId,
  at: datetime({epochMillis: toInteger($now)}),
  memoryIds: $memoryIds, signals: $signals, feedbackOn: []
})
RETURN e.id AS id
