import { applyEnergyCut, energyCutThreshold, energySearchBreadth } from './energy-effects';

describe('energy effects', () => {
  it('more seeds when rested; a tired agent walks one hop fewer, a rested one no further than its base', () => {
    // seeds = round(10 × lerp(0.5, 1.5, e)).
    expect(energySearchBreadth(1)).toEqual({ hops: 2, seeds: 15 });
    expect(energySearchBreadth(0.5)).toEqual({ hops: 2, seeds: 10 });
    expect(energySearchBreadth(0.3)).toEqual({ hops: 2, seeds: 8 });
    expect(energySearchBreadth(0.29)).toEqual({ hops: 1, seeds: 8 });
    expect(energySearchBreadth(0.1)).toEqual({ hops: 1, seeds: 6 });
    expect(energySearchBreadth(1, { hops: 3, seeds: 40 })).toEqual({ hops: 3, seeds: 50 });
    expect(energySearchBreadth(1, { hops: 1, seeds: 8 })).toEqual({ hops: 1, seeds: 12 });
    expect(energySearchBreadth(0, { hops: 1, seeds: 1 })).toEqual({ hops: 1, seeds: 1 });
  });

  it('cut threshold = 0.6 × (1 − energy) × top score', () => {
    expect(energyCutThreshold(0.8, 0)).toBeCloseTo(0.48, 12);
    expect(energyCutThreshold(0.8, 0.5)).toBeCloseTo(0.24, 12);
    expect(energyCutThreshold(0.8, 1)).toBe(0);
  });

  it('the cut keeps the best and drops what falls under the threshold', () => {
    const results = [
      { id: 'a', score: 0.8 },
      { id: 'b', score: 0.5 },
      { id: 'c', score: 0.3 },
    ];
    expect(applyEnergyCut(results, 0).map((r) => r.id)).toEqual(['a', 'b']); // threshold 0.48
    expect(applyEnergyCut(results, 1)).toHaveLength(3);
    expect(applyEnergyCut([], 0)).toEqual([]);
  });
});
