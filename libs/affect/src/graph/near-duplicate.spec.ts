import { cosineFromIndexScore, isNearDuplicate, isNearDuplicateCosine, NEAR_DUPLICATE_MIN_INDEX_SCORE } from './near-duplicate';

describe('near-duplicates', () => {
  it('cosine strictly above 0.95', () => {
    expect(isNearDuplicateCosine(0.951)).toBe(true);
    expect(isNearDuplicateCosine(0.95)).toBe(false);
    expect(isNearDuplicate([1, 0], [1, 0.01])).toBe(true); // cos ≈ 0.99995
    expect(isNearDuplicate([1, 0], [1, 1])).toBe(false); // cos ≈ 0.7071
  });

  it('on the vector index scale (1 + cos) / 2: the bar is (1 + .95) / 2 = .975, and back', () => {
    expect(NEAR_DUPLICATE_MIN_INDEX_SCORE).toBeCloseTo(0.975, 12);
    expect(cosineFromIndexScore(0.975)).toBeCloseTo(0.95, 12); // 2·.975 − 1
    expect(cosineFromIndexScore(0.5)).toBe(0); // orthogonal
    expect(cosineFromIndexScore(1)).toBe(1);
  });
});
