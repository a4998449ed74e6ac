MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.affect = $affect,
    a.affectAt = datetime({epochMillis: toInteger($affectAt)}),
    a.affectHistory = $affectHistory,
    a.mood = $mood,
    a.moodAt = datetime({epochMillis: toInteger($moodAt)}),
    a.momentum = $momentum,
    a.energy = $energy,
    a.energyAt = datetime({epochMillis: toInteger($energyAt)})
