import fc from 'fast-check';
import { RECALL, SPREADING } from '../constants';
import { sessionSearchBreadth } from './session-effects';

describe('session breadth', () => {
  const base = { hops: 2, seeds: 10 };

  it('a long session spreads deeper from more seeds; a first exchange stays near the seeds', () => {
    expect(sessionSearchBreadth(base, { minutes: 90, interactions: 40 })).toEqual({ hops: 3, seeds: 13 });
    expect(sessionSearchBreadth(base, { minutes: 0, interactions: 1 })).toEqual({ hops: 1, seeds: 10 });
    expect(sessionSearchBreadth(base, { minutes: 30, interactions: 5 })).toEqual({ hops: 2, seeds: 11 });
  });

  it('stays within the spreading bounds and never narrows as the session grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: RECALL.maxSeeds }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        fc.double({ min: 0, max: 600, noNaN: true }),
        fc.integer({ min: 2, max: 100 }),
        (hops, seeds, m1, m2, interactions) => {
          const [short, long] = m1 <= m2 ? [m1, m2] : [m2, m1];
          const a = sessionSearchBreadth({ hops, seeds }, { minutes: short, interactions });
          const b = sessionSearchBreadth({ hops, seeds }, { minutes: long, interactions });
          for (const x of [a, b]) {
            expect(x.hops).toBeGreaterThanOrEqual(SPREADING.minHops);
            expect(x.hops).toBeLessThanOrEqual(SPREADING.maxHops);
            expect(x.seeds).toBeGreaterThanOrEqual(1);
            expect(x.seeds).toBeLessThanOrEqual(RECALL.maxSeeds);
          }
          expect(b.hops).toBeGreaterThanOrEqual(a.hops);
          expect(b.seeds).toBeGreaterThanOrEqual(a.seeds);
        },
      ),
    );
  });
});
