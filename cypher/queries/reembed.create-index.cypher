// A slot's filtered vector index at a dimension: the store's first at boot (replacing the one
// schema 013 built, replaceLegacySlotIndexes) and each re-embed run's at its target dimension.
// Filter properties as schema 013 chose them, quantization NONE (schema 009 says why). The HNSW
// graph has 32 links per node (Neo4j's default 16) and is built with a candidate list of 256
// (default 100): on one agent of 100,000 hash vectors a search of LIMIT 30 then returns 86 % of
// its exact top 10 instead of 73 %, in the same time, and encoding costs the same
// (bench/vector-accuracy/README.md). Written for the `embedding` slot; the registry's slot variant
// names the other. Populates in the background: AgentVectorSearch scans exactly until it is ONLINE.
CREATE VECTOR INDEX memory_embedding_hnsw IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.tenantId, m.agentId, m.archived, m.encodedAt, m.scope, m.occurredAt]
OPTIONS { indexConfig: {
  `vector.dimensions`: $dimension,
  `vector.similarity_function`: 'cosine',
  `vector.quantization.type`: 'NONE',
  `vector.hnsw.m`: 32,
  `vector.hnsw.ef_construction`: 256
} }
