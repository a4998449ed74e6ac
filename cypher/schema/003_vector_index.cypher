// $dimension comes from the active embedder; start-up refuses a mismatch with an existing index.
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS
FOR (m:Memory) ON m.embedding
OPTIONS { indexConfig: { `vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine' } };
