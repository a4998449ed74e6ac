// A recall's record and its agent's learned weights, after taking the agent's write lock.
MATCH (e:RecallEffect {tenantId: $tenantId, id: $recallId})
MATCH (a:Agent {tenantId: $tenantId, id: e.agentId})
SET a.stateLock = coalesce(a.stateLock, 0) + 1
RETURN e.agentId AS agentId, e.memoryIds AS memoryIds, e.signals AS signals,
  coalesce(e.feedbackOn, []) AS feedbackOn, a.weights AS weights
