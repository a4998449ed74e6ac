import { otherSlot, swapSlot } from './embedding-slot';

describe('swapSlot', () => {
  it('swaps node vector properties and the index name, nothing else', () => {
    const q = 'SEARCH m IN (VECTOR INDEX memory_embedding_filtered FOR vector) WHERE m.embedding IS NOT NULL ' +
      'RETURN vector.similarity.cosine(m.embedding, $embedding), m.embeddingModel, {vector: g.embedding}, {.*, embedding: null, embeddingAlt: null}';
    expect(swapSlot(q)).toBe(
      'SEARCH m IN (VECTOR INDEX memory_embedding_alt_filtered FOR vector) WHERE m.embeddingAlt IS NOT NULL ' +
        'RETURN vector.similarity.cosine(m.embeddingAlt, $embedding), m.embeddingModel, {vector: g.embeddingAlt}, {.*, embedding: null, embeddingAlt: null}',
    );
  });

  it('is its own inverse', () => {
    const q = 'MATCH (m) SET m.embedding = p.vector, o.embeddingAlt = null USE memory_embedding_alt_filtered';
    expect(swapSlot(swapSlot(q))).toBe(q);
  });

  it('leaves a query without vectors unchanged', () => {
    expect(swapSlot('MATCH (a:Agent {id: $id}) RETURN a.embeddingModel, hasEmbedding')).toBe('MATCH (a:Agent {id: $id}) RETURN a.embeddingModel, hasEmbedding');
  });

  it('names the other slot', () => {
    expect(otherSlot('embedding')).toBe('embeddingAlt');
    expect(otherSlot('embeddingAlt')).toBe('embedding');
  });
});
