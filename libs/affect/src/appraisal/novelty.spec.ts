import fc from 'fast-check';
import { estimateImportance } from './importance';
import { noveltyFromSimilarity } from './novelty';

const cosine = fc.double({ min: -1, max: 1, noNaN: true });

describe('noveltyFromSimilarity', () => {
  it('is 1 − the best similarity, and full novelty when nothing is stored', () => {
    expect(noveltyFromSimilarity(null)).toBe(1);
    expect(noveltyFromSimilarity(0.25)).toBeCloseTo(0.75, 12);
    expect(noveltyFromSimilarity(1)).toBe(0);
    // Opposite or orthogonal content is as new as nothing stored at all.
    expect(noveltyFromSimilarity(0)).toBe(1);
    expect(noveltyFromSimilarity(-0.6)).toBe(1);
    // Float noise past 1 is no novelty, not negative novelty.
    expect(noveltyFromSimilarity(1 + 1e-12)).toBe(0);
  });

  it('property: in [0, 1], and never above nothing-stored', () => {
    fc.assert(
      fc.property(cosine, (s) => {
        const n = noveltyFromSimilarity(s);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(noveltyFromSimilarity(null));
      }),
    );
  });

  it('property: non-increasing in similarity (more alike, less new)', () => {
    fc.assert(
      fc.property(cosine, cosine, (a, b) => {
        expect(noveltyFromSimilarity(Math.max(a, b))).toBeLessThanOrEqual(noveltyFromSimilarity(Math.min(a, b)));
      }),
    );
  });

  it('gives a first memory the full surprise bonus of the importance estimate (+0.2)', () => {
    // "the table is brown": 4 words → 0.5 + 0.15·4/60 = 0.51; nothing stored → + 0.2.
    expect(estimateImportance('the table is brown', noveltyFromSimilarity(null))).toBeCloseTo(0.71, 12);
    expect(estimateImportance('the table is brown', noveltyFromSimilarity(1))).toBeCloseTo(0.51, 12);
  });
});
