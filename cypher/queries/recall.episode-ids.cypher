// The ids of the memories in the episode of each of $ids (the fulltext hits that lend their
// words to them, for the episodeLexical signal) when the prelude did not walk it because the API
// expected to hold the agent's graph and then found its copy at another revision. The same walk
// as the prelude's ({{episode-ids}}, with $walkEpisodes true).
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
WITH m, $gapMs AS gapMs
RETURN m.id AS id, {{episode-ids}} AS episode
