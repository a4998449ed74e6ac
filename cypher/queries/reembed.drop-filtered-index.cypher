// A slot's vector index as schema 013 built it (HNSW at Neo4j's defaults), once its successor
// exists (replaceLegacySlotIndexes). Written for the `embedding` slot; the registry's slot variant
// names the other.
DROP INDEX memory_embedding_filtered IF EXISTS
