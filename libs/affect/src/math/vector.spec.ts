import fc from 'fast-check';
import { cosineSimilarity, dot, norm } from './vector';

describe('cosineSimilarity', () => {
  it('hand-computed points', () => {
    // [1,0]·[1,1] = 1, |a| = 1, |b| = √2 → 1/√2.
    expect(cosineSimilarity([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 12);
    // [1,2,3]·[4,5,6] = 32, √14·√77 = √1078 → 32/√1078 ≈ 0.9746318.
    expect(cosineSimilarity([1, 2, 3], [4, 5, 6])).toBeCloseTo(0.9746318, 6);
    expect(cosineSimilarity([1, 0], [-1, 0])).toBe(-1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
  });

  it('is 0 for zero vectors, empty vectors and mismatched lengths', () => {
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(cosineSimilarity([], [])).toBe(0);
    expect(cosineSimilarity([1, 2], [1, 2, 3])).toBe(0);
  });

  it('dot and norm', () => {
    expect(dot([1, 2], [3, 4])).toBe(11);
    expect(norm([3, 4])).toBe(5);
    expect(dot([1, 2, 3], [1])).toBe(1);
  });

  it('property: in [−1, 1] and symmetric', () => {
    const vec = fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(vec, vec, (a, b) => {
        const c = cosineSimilarity(a, b);
        expect(c).toBeGreaterThanOrEqual(-1);
        expect(c).toBeLessThanOrEqual(1);
        expect(c).toBe(cosineSimilarity(b, a));
      }),
    );
  });
});
