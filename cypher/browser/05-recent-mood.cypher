// Limbic — mood over time
// How the agent has felt, newest first: its state as last written ('now'; mood relaxes toward
// baseline lazily, so it is as of moodAt), then its state history ('state': one sample per state
// change, at most one a minute, the newest LIMBIC_STATE_HISTORY_SIZE kept) with mood, core affect,
// energy and what changed it, then the mood each of its 50 most recent memories was encoded in
// ('memory'), with the memory's own affect. Moods and affects are [valence, arousal, dominance].
// Parameters: $tenantId, $agentId
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
CALL (a) {
  RETURN 'now' AS what, 0 AS part, a.moodAt AS at, a.mood AS mood, a.affect AS affect, a.energy AS energy,
         a.momentum AS momentum, null AS cause, null AS content
  UNION ALL
  MATCH (s:StateSample {tenantId: $tenantId, agentId: $agentId})
  WITH s ORDER BY s.at DESC LIMIT 200
  RETURN 'state' AS what, 1 AS part, s.at AS at, s.mood AS mood, s.affect AS affect, s.energy AS energy,
         null AS momentum, s.cause AS cause, null AS content
  UNION ALL
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WITH m ORDER BY m.occurredAt DESC LIMIT 50
  RETURN 'memory' AS what, 2 AS part, m.occurredAt AS at, m.moodAtEncoding AS mood, [m.valence, m.arousal, m.dominance] AS affect,
         null AS energy, m.momentumAtEncoding AS momentum, null AS cause, left(m.content, 60) AS content
}
WITH what, part, at, cause, content, momentum, energy,
     [x IN mood | round(x, 3)] AS mood, [x IN affect | round(x, 3)] AS affect
ORDER BY part, at DESC
RETURN what, at, mood[0] AS moodValence, mood[1] AS moodArousal, affect[0] AS valence, affect[1] AS arousal,
       round(energy, 3) AS energy, cause, mood, affect, momentum, content;
