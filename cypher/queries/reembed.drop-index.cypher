// A slot's vector index, once no tenant reads it (reembed.slot-in-use). Written for the
// `embedding` slot; the registry's slot variant names the other.
DROP INDEX memory_embedding_hnsw IF EXISTS
