// The fulltext index also holds each memory's tenant and agent, so a recall's query asks for
// the agent's own memories only: `content:(…) AND tenantId:"…"^0 AND agentId:"…"^0`
// (scopeToAgent in apps/api/src/recall/utils/lucene-query.ts; the ^0 clauses filter without
// adding to the BM25 score, checked identical on 30 queries). Before, the index returned the
// top hits of every agent and recall kept the agent's: an agent of 1,000 memories among
// 110,000 found ≈ 2 of its own in a first scan of 120 and widened on every recall, ≈ 18 ms
// (bench/recall-latency README, sixth round). Queries still filter the hits by tenant and agent
// themselves: the index narrows, it does not decide who may read what.
// Rebuilding re-reads every memory's content, tenant and agent (≈ 2 s per 100,000 memories on
// the dev machine; the migration runner waits for it). Fulltext only: the vector index has no
// filtered search in 5.26.
DROP INDEX memory_content IF EXISTS;
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content, m.tenantId, m.agentId]
OPTIONS { indexConfig: { `fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: true } };
