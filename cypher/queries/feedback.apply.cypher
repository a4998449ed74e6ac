// Stores the agent's learning (per query type; the legacy absolute weights it replaces are
// dropped) and notes that this memory of this recall got its feedback (a repeat changes nothing).
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.learnedWeights = $learned, a.weights = null, a.weightsVersion = coalesce(a.weightsVersion, 0) + 1
WITH a
MATCH (e:RecallEffect {tenantId: $tenantId, id: $recallId})
SET e.feedbackOn = coalesce(e.feedbackOn, []) + $memoryId
RETURN a.weightsVersion AS weightsVersion
