// Refills the caller's cache of the agent's embeddings (apps/api link-cache) after its copy
// turned out stale: every memory the exact neighbour scan would read, with its embedding
// unless the caller already holds it ($known: embeddings never change once written, so only
// memories new to the caller cost the transfer). Runs last in an encode transaction, under
// the agent lock and after that encode's own writes, so it describes the agent as it will be
// at commit, at the linkEpoch this transaction set.
MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId})
WHERE m.occurredAt IS NOT NULL AND m.archived = false
WITH m LIMIT toInteger($limit) + 1
RETURN m.id AS id, CASE WHEN m.id IN $known THEN null ELSE m.embedding END AS embedding
