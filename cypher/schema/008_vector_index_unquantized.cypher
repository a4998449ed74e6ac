// The vector index scores full-precision vectors instead of int8-quantized copies
// (`vector.quantization.enabled`, on by default in 5.26). Measured on a 100k agent
// (bench/recall-latency/README.md, sixth round), on this JVM (Java 17: Lucene 9.11 has no SIMD
// scoring for either form):
//  - the index's own score becomes exactly vector.similarity.cosine of the stored embedding
//    (the quantized one was ≈ +0.015 off on the (1 + cos) / 2 scale and reordered the top 10),
//    so recall no longer re-reads the embedding of every vector hit to score it;
//  - HNSW finds more of the true neighbours: 0.88 instead of 0.71 of the exact top 30 at k = 60;
//  - a search costs the same, and the index is smaller (no int8 copy beside the vectors).
// Index settings cannot be altered: the index is rebuilt from the stored embeddings. Population
// runs in the background; the migration runner waits for it (≈ 50 s per 100,000 memories on
// the 2-core dev machine), and vector queries fail until it is online.
DROP INDEX memory_embedding IF EXISTS;
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding
OPTIONS { indexConfig: {
  `vector.dimensions`: $dimension,
  `vector.similarity_function`: 'cosine',
  `vector.quantization.enabled`: false
} };
