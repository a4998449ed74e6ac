import type { EmbeddingSlot } from '../embedding-space/embedding-slot';
import { replaceLegacySlotIndexes } from './legacy-slot-index';

/** A store whose slots hold an earlier schema's index at these dimensions (absent: none). */
function store(legacy: Partial<Record<EmbeddingSlot, number>>) {
  const replaced: [EmbeddingSlot, number][] = [];
  return {
    replaced,
    repo: {
      legacyIndexDimension: (slot: EmbeddingSlot) => Promise.resolve(legacy[slot] ?? null),
      replaceLegacyIndexes: (slot: EmbeddingSlot, dimension: number) => {
        replaced.push([slot, dimension]);
        delete legacy[slot];
        return Promise.resolve();
      },
    },
  };
}

describe('replaceLegacySlotIndexes', () => {
  it('replaces each slot’s old index at that index’s own dimension', async () => {
    const s = store({ embedding: 384, embeddingAlt: 768 });
    expect(await replaceLegacySlotIndexes(s.repo)).toEqual([
      { slot: 'embedding', dimension: 384 },
      { slot: 'embeddingAlt', dimension: 768 },
    ]);
    expect(s.replaced).toEqual([
      ['embedding', 384],
      ['embeddingAlt', 768],
    ]);
  });

  it('does nothing for a slot without one, and nothing the second time', async () => {
    const s = store({ embedding: 384 });
    expect(await replaceLegacySlotIndexes(s.repo)).toEqual([{ slot: 'embedding', dimension: 384 }]);
    expect(await replaceLegacySlotIndexes(s.repo)).toEqual([]);
    expect(s.replaced).toEqual([['embedding', 384]]);
  });
});
