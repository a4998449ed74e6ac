import fc from 'fast-check';
import { unit } from '../testing/arbitraries';
import { consolidationStrength } from './consolidation-strength';

describe('consolidationStrength', () => {
  it('hand-computed points of c = clamp(1 − 4(e − 0.7)², 0.1, 1), e = 0.7a + 0.3·mood.a', () => {
    expect(consolidationStrength(0.7, 0.7)).toBeCloseTo(1, 12); // e = 0.7, at the peak
    expect(consolidationStrength(1, 0.3)).toBeCloseTo(0.9676, 12); // e = 0.79 → 1 − 4·0.0081
    expect(consolidationStrength(0.5, 0.3)).toBeCloseTo(0.7296, 12); // e = 0.44 → 1 − 4·0.0676
    expect(consolidationStrength(0, 0)).toBe(0.1); // e = 0 → 1 − 1.96 < 0.1 → floor
  });

  it('property: in [0.1, 1] and an inverted U (rising below the peak, falling above)', () => {
    fc.assert(
      fc.property(unit, unit, unit, (a, b, mood) => {
        const c = consolidationStrength(a, mood);
        expect(c).toBeGreaterThanOrEqual(0.1);
        expect(c).toBeLessThanOrEqual(1);
        const [lo, hi] = a < b ? [a, b] : [b, a];
        const eHi = 0.7 * hi + 0.3 * mood;
        const eLo = 0.7 * lo + 0.3 * mood;
        if (eHi <= 0.7) expect(consolidationStrength(hi, mood)).toBeGreaterThanOrEqual(consolidationStrength(lo, mood) - 1e-12);
        if (eLo >= 0.7) expect(consolidationStrength(hi, mood)).toBeLessThanOrEqual(consolidationStrength(lo, mood) + 1e-12);
      }),
    );
  });
});
