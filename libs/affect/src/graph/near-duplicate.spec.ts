import { cosineFromIndexScore } from '../math/cosine-scale';
import { isNearDuplicate, isNearDuplicateCosine, nearDuplicateMinIndexScore } from './near-duplicate';

describe('near-duplicates', () => {
  it('cosine strictly above 0.95', () => {
    expect(isNearDuplicateCosine(0.951)).toBe(true);
    expect(isNearDuplicateCosine(0.95)).toBe(false);
    expect(isNearDuplicate([1, 0], [1, 0.01])).toBe(true); // cos ≈ 0.99995
    expect(isNearDuplicate([1, 0], [1, 1])).toBe(false); // cos ≈ 0.7071
  });

  it('on the vector index scale (1 + cos) / 2: the bar is (1 + .95) / 2 = .975, and back', () => {
    expect(nearDuplicateMinIndexScore(1)).toBeCloseTo(0.975, 12);
    // bge's scale (1.58): the bar sits at raw cosine 1 − 0.05 / 1.58 ≈ 0.968.
    expect(cosineFromIndexScore(nearDuplicateMinIndexScore(1.58), 1.58)).toBeCloseTo(0.95, 12);
    expect(2 * nearDuplicateMinIndexScore(1.58) - 1).toBeCloseTo(1 - 0.05 / 1.58, 12);
    expect(cosineFromIndexScore(0.975)).toBeCloseTo(0.95, 12); // 2·.975 − 1
    expect(cosineFromIndexScore(0.5)).toBe(0); // orthogonal
    expect(cosineFromIndexScore(1)).toBe(1);
  });
});
