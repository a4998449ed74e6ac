// First half of a vector index refresh: one throwaway Memory with an embedding, committed on
// its own. Neo4j's vector search keeps searching the index segments it opened until a write to
// the index commits; Lucene merges finished after the last write of a burst stay unseen until
// then (a 100k index read ≈ 10 ms per k = 10 search instead of ≈ 5; bench/recall-latency README).
// The marker belongs to the system tenant `limbic:system`, which no API key can name (tenant
// ids are [A-Za-z0-9_-]), carries no content, is never pending, due or archived, so no query of
// a tenant or sweep can see it; index.refresh-unmark deletes it right after.
CREATE (:Memory {id: $id, tenantId: $tenantId, agentId: $agentId, embedding: $embedding})
