// First statement of a review transaction: writing to the memory takes its write lock, so
// two attempts at the same review serialise and the second sees the first one's count. The
// agent is locked first, raising its graph revision (bump-graph-rev says why): a review may
// decay, prune or merge edges and archive the memory.
MATCH (m:Memory {id: $memoryId})
WHERE m.tenantId = $tenantId
OPTIONAL MATCH (a:Agent {tenantId: $tenantId, id: m.agentId})
FOREACH (owner IN CASE WHEN a IS NULL THEN [] ELSE [a] END | SET owner.graphRev = coalesce(owner.graphRev, 0) + 1)
WITH m
SET m.reviewAttemptedAt = datetime({epochMillis: toInteger($now)})
RETURN m.id AS memoryId
