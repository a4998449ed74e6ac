// Limbic — recent mood
// The agent's state as last written (core affect, mood, momentum, energy; mood relaxes
// toward baseline lazily, so it is as of moodAt), then the mood each of its 50 most recent
// memories was encoded in, with the memory's own affect: the agent's mood over time.
// Parameters: $tenantId, $agentId
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
CALL (a) {
  RETURN 'agent now' AS what, a.moodAt AS at,
         a.mood[0] AS moodValence, a.mood[1] AS moodArousal, a.mood[2] AS moodDominance,
         a.affect[0] AS valence, a.affect[1] AS arousal, a.affect[2] AS dominance,
         a.energy AS energy, a.momentum AS momentum, null AS content
  UNION ALL
  MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
  WITH m ORDER BY m.occurredAt DESC LIMIT 50
  RETURN 'memory' AS what, m.occurredAt AS at,
         m.moodAtEncoding[0] AS moodValence, m.moodAtEncoding[1] AS moodArousal, m.moodAtEncoding[2] AS moodDominance,
         m.valence AS valence, m.arousal AS arousal, m.dominance AS dominance,
         null AS energy, m.momentumAtEncoding AS momentum, left(m.content, 60) AS content
}
RETURN what, at, round(moodValence, 3) AS moodValence, round(moodArousal, 3) AS moodArousal, round(moodDominance, 3) AS moodDominance,
       round(valence, 3) AS valence, round(arousal, 3) AS arousal, round(dominance, 3) AS dominance, energy, momentum, content;
