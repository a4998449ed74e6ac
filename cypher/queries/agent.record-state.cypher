// One point of the agent's state history: its state as just written (core affect, mood, energy),
// at the latest of the state's own timestamps. A change within $spacingMs of the newest sample
// updates that sample, so a busy agent keeps one a minute; when a sample is added, those beyond
// the newest $size go. Runs in the transaction that wrote the state, under the agent's lock, so
// two writers never race for the same agent's newest sample.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
WITH a, [t IN [a.affectAt, a.moodAt, a.energyAt] WHERE t IS NOT NULL] AS stamps
WITH a, reduce(latest = stamps[0], t IN stamps | CASE WHEN t > latest THEN t ELSE latest END) AS at
OPTIONAL MATCH (last:StateSample {tenantId: $tenantId, agentId: $agentId})
WITH a, at, last ORDER BY last.at DESC LIMIT 1
WITH a, at, last, last IS NOT NULL AND abs(at.epochMillis - last.at.epochMillis) < $spacingMs AS sameSample
CALL (a, at, last, sameSample) {
  WITH a, at, last WHERE sameSample
  SET last.at = CASE WHEN at > last.at THEN at ELSE last.at END,
      last.affect = a.affect, last.mood = a.mood, last.energy = a.energy, last.cause = $cause
  RETURN false AS added
  UNION
  WITH a, at WHERE NOT sameSample
  CREATE (:StateSample {tenantId: $tenantId, agentId: $agentId, at: at, affect: a.affect, mood: a.mood, energy: a.energy, cause: $cause})
  RETURN true AS added
}
CALL (added) {
  WITH added WHERE added
  MATCH (s:StateSample {tenantId: $tenantId, agentId: $agentId})
  WITH s ORDER BY s.at DESC SKIP toInteger($size)
  DELETE s
  RETURN count(s) AS pruned
}
RETURN added, pruned
