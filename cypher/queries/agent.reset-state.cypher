// Back to the initial state: neutral affect, baseline mood, full energy, no session, no attention
// residue, no learned weights, an empty global workspace. Goals are configuration, not state: they stay.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.affect = $affect,
    a.affectAt = datetime({epochMillis: toInteger($affectAt)}),
    a.affectHistory = $affectHistory,
    a.mood = $mood,
    a.moodAt = datetime({epochMillis: toInteger($moodAt)}),
    a.momentum = $momentum,
    a.energy = $energy,
    a.energyAt = datetime({epochMillis: toInteger($energyAt)}),
    a.sessionStartedAt = CASE WHEN $sessionStartedAt IS NULL THEN null ELSE datetime({epochMillis: toInteger($sessionStartedAt)}) END,
    a.sessionInteractions = CASE WHEN $sessionInteractions IS NULL THEN null ELSE toInteger($sessionInteractions) END,
    a.lastInteractionAt = CASE WHEN $lastInteractionAt IS NULL THEN null ELSE datetime({epochMillis: toInteger($lastInteractionAt)}) END,
    a.weights = null,
    a.learnedWeights = null,
    a.focusRefractory = null,
    a.focusId = null,
    a.focusScore = null,
    a.focusSince = null,
    a.focusExpiresAt = null,
    a.focusSuppressed = null,
    a.focusAt = null,
    a.weightsVersion = coalesce(a.weightsVersion, 0) + 1
WITH a
OPTIONAL MATCH (a)-[p:PRIMED {tenantId: $tenantId}]->(:Concept)
DELETE p
RETURN a.id AS agentId, count(p) AS unprimed
