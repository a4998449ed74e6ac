// Neo4j 2026: the vector index holds each memory's tenant, agent, archived flag and encodedAt as
// filter properties, so that every agent-scoped nearest-neighbour search is one SEARCH filtered
// inside the index (libs/graph AgentVectorSearch, cypher/queries/vector.agent-nearest): an
// agent's top k is its own whatever other agents and tenants hold. It replaces
// memory_embedding (schema 003), which could only be searched unfiltered and then cut to the
// agent (over-fetch, widening, exact scans of small agents).
//
// Quantization NONE, chosen deliberately: the 2026 default (BINARY) returned recall@10 0.79 of
// a small agent's exact top 10 inside 100,000 other memories; unquantized, every one of 200
// (and the scores are the exact cosine to float precision, so recall needs no second read of
// the stored embeddings). Measured here: bench/recall-latency/README.md, "Neo4j 2026".
//
// Online: the index is created next to the old one and populates in the background; the
// migration runner does not wait for vector indexes, and until it is ONLINE AgentVectorSearch
// answers every search by an exact scan of the agent, so the service keeps serving on the
// first start after the upgrade. Then the old index goes.

// Filter properties must be present to match: memories from before `archived` was always
// written get it (never archived: a soft forget always set it). encodedAt likewise.
CYPHER 25 MATCH (m:Memory) WHERE m.archived IS NULL AND m.tenantId IS NOT NULL
CALL (m) { SET m.archived = false } IN TRANSACTIONS OF 10000 ROWS;
CYPHER 25 MATCH (m:Memory) WHERE m.encodedAt IS NULL AND m.occurredAt IS NOT NULL
CALL (m) { SET m.encodedAt = m.occurredAt } IN TRANSACTIONS OF 10000 ROWS;
CYPHER 25 CREATE VECTOR INDEX memory_embedding_by_agent IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.tenantId, m.agentId, m.archived, m.encodedAt]
OPTIONS { indexConfig: {
  `vector.dimensions`: $dimension,
  `vector.similarity_function`: 'cosine',
  `vector.quantization.type`: 'NONE'
} };
DROP INDEX memory_embedding IF EXISTS;
// Novelty's same-batch siblings (appraisal.novelty-siblings): an agent's memories by encodedAt.
CREATE INDEX memory_agent_encoded IF NOT EXISTS FOR (m:Memory) ON (m.tenantId, m.agentId, m.encodedAt);
