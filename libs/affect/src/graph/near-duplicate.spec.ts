import { isNearDuplicate, isNearDuplicateCosine } from './near-duplicate';

describe('near-duplicates', () => {
  it('cosine strictly above 0.95', () => {
    expect(isNearDuplicateCosine(0.951)).toBe(true);
    expect(isNearDuplicateCosine(0.95)).toBe(false);
    expect(isNearDuplicate([1, 0], [1, 0.01])).toBe(true); // cos ≈ 0.99995
    expect(isNearDuplicate([1, 0], [1, 1])).toBe(false); // cos ≈ 0.7071
  });
});
