// Adds a set of memories to (positive counts) or removes them from (negative) the agent's term
// statistics, which the lexical signal's BM25 reads instead of the fulltext index's: that index
// is shared by every agent and tenant, so its IDF described everybody's memories, not this
// agent's (libs/affect recall/signals/bm25.ts says why that mattered).
//  - Agent: lexDocs (memories counted), lexTerms (their total length in terms).
//  - LexTerm {tenantId, agentId, term}: df, the number of counted memories containing term;
//    deleted when it reaches 0.
// Runs in the transaction that creates or deletes the memories, under the agent's lock, so
// the counts move with the memories or not at all.
// $docs, $terms: signed totals; $df: [{term, df}] signed, one row per distinct term.
MATCH (a:Agent {tenantId: $tenantId, id: $agentId})
SET a.lexDocs = coalesce(a.lexDocs, 0) + $docs,
    a.lexTerms = coalesce(a.lexTerms, 0) + $terms
WITH a
UNWIND $df AS d
MERGE (t:LexTerm {tenantId: $tenantId, agentId: $agentId, term: d.term})
  ON CREATE SET t.df = d.df
  ON MATCH SET t.df = t.df + d.df
WITH t WHERE t.df <= 0
DELETE t
