// Per-agent term statistics for the lexical signal's BM25 (one LexTerm per agent and term).
CREATE CONSTRAINT lex_term_key IF NOT EXISTS FOR (t:LexTerm) REQUIRE (t.tenantId, t.agentId, t.term) IS UNIQUE;
