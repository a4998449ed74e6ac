import { otherSlot, swapSlot } from './embedding-slot';

describe('swapSlot', () => {
  it('swaps node vector properties and the index name, nothing else', () => {
    const q = 'SEARCH m IN (VECTOR INDEX memory_embedding_hnsw FOR vector) WHERE m.embedding IS NOT NULL ' +
      'RETURN vector.similarity.cosine(m.embedding, $embedding), m.embeddingModel, {vector: g.embedding}, {.*, embedding: null, embeddingAlt: null}';
    expect(swapSlot(q)).toBe(
      'SEARCH m IN (VECTOR INDEX memory_embedding_alt_hnsw FOR vector) WHERE m.embeddingAlt IS NOT NULL ' +
        'RETURN vector.similarity.cosine(m.embeddingAlt, $embedding), m.embeddingModel, {vector: g.embeddingAlt}, {.*, embedding: null, embeddingAlt: null}',
    );
  });

  it('is its own inverse', () => {
    const q = 'MATCH (m) SET m.embedding = p.vector, o.embeddingAlt = null USE memory_embedding_alt_hnsw';
    expect(swapSlot(swapSlot(q))).toBe(q);
  });

  it('names the other slot’s index of schema 013 too (what the boot drops), and leaves other index names alone', () => {
    expect(swapSlot('DROP INDEX memory_embedding_filtered IF EXISTS')).toBe('DROP INDEX memory_embedding_alt_filtered IF EXISTS');
    expect(swapSlot('DROP INDEX memory_embedding_alt_by_agent IF EXISTS')).toBe('DROP INDEX memory_embedding_alt_by_agent IF EXISTS');
    expect(swapSlot('DROP INDEX memory_embedding_hnsw_old IF EXISTS')).toBe('DROP INDEX memory_embedding_hnsw_old IF EXISTS');
  });

  it('leaves a query without vectors unchanged', () => {
    expect(swapSlot('MATCH (a:Agent {id: $id}) RETURN a.embeddingModel, hasEmbedding')).toBe('MATCH (a:Agent {id: $id}) RETURN a.embeddingModel, hasEmbedding');
  });

  it('names the other slot', () => {
    expect(otherSlot('embedding')).toBe('embeddingAlt');
    expect(otherSlot('embeddingAlt')).toBe('embedding');
  });
});
