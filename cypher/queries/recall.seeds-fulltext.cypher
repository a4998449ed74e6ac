// BM25 seeds from the fulltext index (english analyzer), filtered to the agent. $text is a
// Lucene query the service escaped and scoped to the agent (scopeToAgent: the index holds
// tenantId and agentId beside the content, schema 008); it is a parameter, never part of this
// text. The filter below still decides what is the agent's and what passes the recall's
// $filter (memory-filter.ts; NO_FILTER when it has none: the index holds no scope, tags, time or
// metadata, so they are checked on the hits); the caller widens $fetch when too few hits survive
// it (archived memories, memories outside the filter).
CALL db.index.fulltext.queryNodes('memory_content', $text, {limit: toInteger($fetch)}) YIELD node, score
WITH collect({node: node, score: score}) AS hits
RETURN size(hits) AS scanned,
  [h IN hits
    WHERE h.node.tenantId = $tenantId AND h.node.agentId = $agentId AND coalesce(h.node.archived, false) = false
      {{memory-filter-hit}}
    | {id: h.node.id, score: h.score}][..toInteger($limit)] AS found
