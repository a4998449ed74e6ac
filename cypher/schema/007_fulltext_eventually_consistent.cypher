// The fulltext index is applied after commit, in Neo4j's background index-update job, instead
// of inside it. A strictly consistent Lucene index flushes and reopens a one-document segment
// before every commit returns: ≈ 3–5 ms of a single encode's ≈ 25 (bench/encode/README.md).
// What this trades: a memory becomes a fulltext (BM25) *seed* of recall a few milliseconds
// after its encode returns (measured in the README) instead of at once. It is a vector seed at
// once (the vector index stays strict), and its lexical *signal* reads the agent's own term
// statistics (LexTerm), written in the encode transaction, so nothing else lags. Archived and
// deleted memories are filtered by the node itself, never by the index.
// Rebuilding the index re-reads every memory's content (population runs in the background;
// the migration runner waits for it).
DROP INDEX memory_content IF EXISTS;
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content]
OPTIONS { indexConfig: { `fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: true } };
