// Forgets what feedback taught the agent (its learned weights, legacy ones too) and nothing
// else: affect, mood, energy, goals and primed concepts stay. Takes the agent's lock.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.learnedWeights = null, a.weights = null,
    a.weightsVersion = coalesce(a.weightsVersion, 0) + 1,
    a.stateLock = coalesce(a.stateLock, 0) + 1
RETURN a {.*} AS agent
