// The ids of the memories in the episode of memory `m` (recall.prelude includes it for each
// fulltext hit it reads, recall.episode-ids for given memories): up to two links either way on
// the agent's temporal chain (chain edges run either way), through live memories only, no link
// longer than `gapMs`; nothing when $walkEpisodes is false (the API walks the chain of a graph it
// holds itself: HeldGraph.episode, the same rule). Two is EPISODE.neighbours; the query registry
// refuses to load when that constant says otherwise (cypher-fragments.ts). Written as two
// explicit steps: a quantified path pattern {1,2} planned as a pruning BFS measured 0.2-0.7 ms
// more per recall for 60 hits on an agent of 100,000.
COLLECT {
  MATCH (m)-[e1:TEMPORAL]-(n1:Memory)
  WHERE $walkEpisodes AND e1.chain = true AND e1.tenantId = $tenantId AND n1.tenantId = $tenantId AND n1.agentId = $agentId
    AND coalesce(n1.archived, false) = false
    AND abs(m.occurredAt.epochMillis - n1.occurredAt.epochMillis) <= gapMs
  OPTIONAL MATCH (n1)-[e2:TEMPORAL]-(n2:Memory)
  WHERE e2.chain = true AND e2.tenantId = $tenantId AND n2 <> m AND n2.tenantId = $tenantId AND n2.agentId = $agentId
    AND abs(n1.occurredAt.epochMillis - n2.occurredAt.epochMillis) <= gapMs
  UNWIND [n1.id, n2.id] AS id
  WITH DISTINCT id
  WHERE id IS NOT NULL
  RETURN id
}
