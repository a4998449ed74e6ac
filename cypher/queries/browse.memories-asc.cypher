// A page of an agent's memories, oldest first (occurredAt ASC, ties by id ASC), after the
// position ($atMs, $afterId) of the previous page's last memory ($afterId null: from the start).
// One row when the agent exists (its page, maybe empty: OPTIONAL CALL, grouped by the agent),
// none when it does not, so a missing agent and an empty one are told apart in one read.
// $lowestMs/$highestMs bound occurredAt for the (tenantId, agentId, occurredAt) range index
// (schema 002): the API folds the cursor and the filter's time range into them, so the seek
// starts at the cursor and walks the index in order; the page stops after $limit matches.
// The ORDER BY names the index's leading properties (constant here) on purpose: without them
// the planner does not see that the index provides the order, and sorts every memory of the
// agent (Top) instead of reading one page of it (PartialTop; test/browse.e2e-spec.ts profiles it).
// $filter: a MemoryListFilter (libs/graph/src/browse/memory-list-filter.ts), its predicate as
// documented there and in memory-filter.ts.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
OPTIONAL CALL (a) {
  MATCH (m:Memory)
  WHERE m.tenantId = $tenantId AND m.agentId = $agentId
    AND m.occurredAt >= datetime({epochMillis: toInteger($lowestMs)}) AND m.occurredAt <= datetime({epochMillis: toInteger($highestMs)})
    AND ($afterId IS NULL OR m.occurredAt > datetime({epochMillis: toInteger($atMs)}) OR m.id > $afterId)
    {{memory-filter}}
    AND ($filter.archived = 'ALL' OR coalesce(m.archived, false) = ($filter.archived = 'ARCHIVED'))
    AND ($filter.contains IS NULL OR toLower(m.content) CONTAINS toLower($filter.contains))
  RETURN m
  ORDER BY m.tenantId ASC, m.agentId ASC, m.occurredAt ASC, m.id ASC
  LIMIT toInteger($limit)
}
RETURN a.id AS agentId, collect(m {.*, embedding: null, embeddingAlt: null}) AS memories
