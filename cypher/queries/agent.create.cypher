// Idempotent: the caller chooses the id; a second call returns the agent as it is.
// $id is a fresh value only used to tell whether this call created the node.
MERGE (a:Agent {tenantId: $tenantId, id: $agentId})
ON CREATE SET
  a.preset = $preset,
  a.timeZone = $timeZone,
  a.createdAt = datetime({epochMillis: toInteger($now)}),
  a.creationToken = $creationToken,
  a.affect = [0.0, 0.0, 0.5],
  a.affectAt = datetime({epochMillis: toInteger($now)}),
  a.mood = [0.0, 0.3, 0.5],
  a.moodAt = datetime({epochMillis: toInteger($now)}),
  a.momentum = [0.0, 0.0, 0.0],
  a.energy = 1.0,
  a.energyAt = datetime({epochMillis: toInteger($now)})
RETURN a {.*} AS agent, a.creationToken = $creationToken AS created
