import fc from 'fast-check';
import { coRecalledPairs, decayEdgeWeight, hebbianUpdate, hebbianUpdateTimes, shouldPruneEdge } from './hebbian';

describe('Hebbian learning', () => {
  it('w += 0.05·(1 − w)', () => {
    expect(hebbianUpdate(0.5)).toBeCloseTo(0.525, 12);
    expect(hebbianUpdate(0)).toBeCloseTo(0.05, 12);
    expect(hebbianUpdate(1)).toBe(1);
    // Twice from 0.5: 1 − 0.5·0.95² = 0.54875.
    expect(hebbianUpdateTimes(0.5, 2)).toBeCloseTo(0.54875, 12);
    expect(hebbianUpdate(hebbianUpdate(0.5))).toBeCloseTo(hebbianUpdateTimes(0.5, 2), 12);
  });

  it('property: stays in [0, 1] and only increases', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(200), (w, n) => {
        let x = w;
        for (let i = 0; i < n; i++) {
          const next = hebbianUpdate(x);
          expect(next).toBeGreaterThanOrEqual(x);
          expect(next).toBeLessThanOrEqual(1);
          x = next;
        }
        expect(hebbianUpdateTimes(w, n)).toBeCloseTo(x, 9);
      }),
    );
  });

  it('co-recalled pairs are unordered, unique and sorted', () => {
    expect(coRecalledPairs(['c', 'a', 'b', 'a'])).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
  });

  it('unused edges decay with a 30-day half-life and are pruned below 0.05', () => {
    expect(decayEdgeWeight(0.4, 720)).toBeCloseTo(0.2, 12);
    expect(shouldPruneEdge(0.049)).toBe(true);
    expect(shouldPruneEdge(0.05)).toBe(false);
  });
});
