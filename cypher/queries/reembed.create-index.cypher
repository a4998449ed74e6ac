// A slot's filtered vector index, as schema 013 builds the first one (same filter properties,
// quantization NONE, the reasons are in 009 and 013), at the run's target dimension. Written for
// the `embedding` slot; the registry's slot variant names the other. Populates in the
// background: the run waits for ONLINE before it switches.
CREATE VECTOR INDEX memory_embedding_filtered IF NOT EXISTS
FOR (m:Memory) ON m.embedding
WITH [m.tenantId, m.agentId, m.archived, m.encodedAt, m.scope, m.occurredAt]
OPTIONS { indexConfig: {
  `vector.dimensions`: $dimension,
  `vector.similarity_function`: 'cosine',
  `vector.quantization.type`: 'NONE'
} }
