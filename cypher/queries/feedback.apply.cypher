// Stores the agent's new learned weights and notes that this memory of this recall got its
// feedback (a repeat changes nothing).
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.weights = $weights, a.weightsVersion = coalesce(a.weightsVersion, 0) + 1
WITH a
MATCH (e:RecallEffect {tenantId: $tenantId, id: $recallId})
SET e.feedbackOn = coalesce(e.feedbackOn, []) + $memoryId
RETURN a.weightsVersion AS weightsVersion
