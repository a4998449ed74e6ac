// BM25 seeds for recall. The english analyzer stems and drops stop words.
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content]
OPTIONS { indexConfig: { `fulltext.analyzer`: 'english' } };
