// The agent's state as libs/affect computed it: core affect and its history, mood, momentum,
// energy and the session (temporal state; null before the first interaction).
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
    a.lastInteractionAt = CASE WHEN $lastInteractionAt IS NULL THEN null ELSE datetime({epochMillis: toInteger($lastInteractionAt)}) END
