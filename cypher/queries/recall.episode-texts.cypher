// The texts of each memory's episode, for the episodeLexical signal (libs/affect
// episode-lexical.ts): the memories up to EPISODE.neighbours links away on the agent's
// temporal chain (the generated fragment episode-steps), either side (chain edges run either
// way), where no link spans more than $gapMs. The walk
// passes through any memory of the chain; only live memories that pass the recall's $filter
// (memory-filter.ts; NO_FILTER when it has none) lend their text, as only they can be recalled.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
WHERE m.tenantId = $tenantId AND m.agentId = $agentId
RETURN m.id AS id, COLLECT {
  MATCH (m) ((a:Memory)-[e:TEMPORAL]-(b:Memory)
      WHERE e.chain = true AND e.tenantId = $tenantId AND b.tenantId = $tenantId AND b.agentId = $agentId
        AND abs(a.occurredAt.epochMillis - b.occurredAt.epochMillis) <= $gapMs){1,{{episode-steps}}} (n:Memory)
  WHERE n <> m AND coalesce(n.archived, false) = false
    {{memory-filter-n}}
  RETURN DISTINCT n.content
} AS texts
