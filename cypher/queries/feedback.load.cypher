// A recall's record and its agent's learning, after taking the agent's write lock. A record
// is there from the moment the API recorded the recall (pending) until it expires.
MATCH (e:RecallEffect {tenantId: $tenantId, id: $recallId})
MATCH (a:Agent {tenantId: $tenantId, id: e.agentId})
SET a.stateLock = coalesce(a.stateLock, 0) + 1
RETURN e.agentId AS agentId, e.memoryIds AS memoryIds, e.signals AS signals,
  coalesce(e.feedbackOn, []) AS feedbackOn, e.weights AS usedWeights, e.queryType AS queryType,
  a.learnedWeights AS learnedWeights, a.weights AS legacyWeights, a.preset AS preset
