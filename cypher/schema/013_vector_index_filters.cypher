// Recall filters (issue 19) inside the vector search: the agent's index also holds each memory's
// scope and occurredAt as filter properties, so a recall filtered by scope and/or an occurredAt
// range is one SEARCH whose k hits are the top k of the filtered set (AgentVectorSearch,
// cypher/queries/vector.agent-nearest-filtered*). Tags and metadata are lists: not filterable in
// the index, they are checked exactly after it (see AgentVectorSearch). Measured on 2026.08: a
// search that does not mention `scope` still finds memories without one; `m.scope = $s` finds
// only memories with that scope.
//
// Filter properties are fixed when an index is created, so this is a new index beside schema
// 009's (same settings otherwise: cosine, quantization NONE, the reasons are in 009). It
// populates in the background (the migration runner does not wait for vector indexes) while
// AgentVectorSearch answers from its exact scan, as on the first start after 009; then 009's
// index goes. The re-embedding slot's index, whose dimension only the store knows, is replaced
// at boot the same way (libs/graph replaceLegacyAltIndex).
CYPHER 25 CREATE VECTOR INDEX memory_embedding_filtered IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.tenantId, m.agentId, m.archived, m.encodedAt, m.scope, m.occurredAt]
OPTIONS { indexConfig: {
  `vector.dimensions`: $dimension,
  `vector.similarity_function`: 'cosine',
  `vector.quantization.type`: 'NONE'
} };
DROP INDEX memory_embedding_by_agent IF EXISTS;
