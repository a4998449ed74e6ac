import fc from 'fast-check';
import { affectArb, unit } from '../testing/arbitraries';
import { affectDistance } from './affect-space';
import { advanceMood, moodAt, moodHalfLifeHours, relaxMood, updateMood } from './mood';

const H = 3_600_000;

describe('mood', () => {
  it('EMA step: mood += 0.1·(1 − 0.5)·(affect − mood)', () => {
    // Rate 0.05: (0,0.3,0.5) toward (1,1,1) → (0.05, 0.335, 0.525).
    const m = updateMood({ valence: 0, arousal: 0.3, dominance: 0.5 }, { valence: 1, arousal: 1, dominance: 1 });
    expect(m.valence).toBeCloseTo(0.05, 12);
    expect(m.arousal).toBeCloseTo(0.335, 12);
    expect(m.dominance).toBeCloseTo(0.525, 12);
    // Inertia 0 → rate 0.1; inertia 1 → frozen.
    expect(updateMood({ valence: 0, arousal: 0, dominance: 0 }, { valence: 1, arousal: 0, dominance: 0 }, 0).valence).toBeCloseTo(0.1, 12);
    expect(updateMood({ valence: 0, arousal: 0, dominance: 0 }, { valence: 1, arousal: 0, dominance: 0 }, 1).valence).toBe(0);
  });

  it('relaxes toward (0, 0.3, 0.5) with half-life 1 h × (1 + 2·0.5) = 2 h', () => {
    expect(moodHalfLifeHours()).toBe(2);
    expect(moodHalfLifeHours(0)).toBe(1);
    // After one half-life the gap halves: 0.8 → 0.4, 0.9 → 0.3 + 0.6/2 = 0.6.
    const m = relaxMood({ valence: 0.8, arousal: 0.9, dominance: 0.5 }, 2);
    expect(m.valence).toBeCloseTo(0.4, 12);
    expect(m.arousal).toBeCloseTo(0.6, 12);
    expect(m.dominance).toBeCloseTo(0.5, 12);
    // After two half-lives a quarter is left: 0.8 → 0.2.
    expect(moodAt({ mood: { valence: 0.8, arousal: 0.9, dominance: 0.5 }, atMs: 0 }, 4 * H).valence).toBeCloseTo(0.2, 12);
  });

  it('advanceMood relaxes to now, then steps toward the new affect', () => {
    // Relax 0.8 for 2 h → 0.4, then 0.4 + 0.05·(1 − 0.4) = 0.43.
    const next = advanceMood({ mood: { valence: 0.8, arousal: 0.3, dominance: 0.5 }, atMs: 0 }, { valence: 1, arousal: 0.3, dominance: 0.5 }, 2 * H);
    expect(next.mood.valence).toBeCloseTo(0.43, 12);
    expect(next.atMs).toBe(2 * H);
  });

  it('property: repeated updates converge to a constant affect', () => {
    fc.assert(
      fc.property(affectArb, affectArb, fc.double({ min: 0, max: 0.9, noNaN: true }), (start, target, inertia) => {
        let mood = start;
        for (let i = 0; i < 2000; i++) mood = updateMood(mood, target, inertia);
        expect(affectDistance(mood, target)).toBeLessThan(1e-3);
      }),
    );
  });

  it('property: each update moves no further from the target; relaxation never overshoots the baseline', () => {
    fc.assert(
      fc.property(affectArb, affectArb, unit, fc.double({ min: 0, max: 100, noNaN: true }), (mood, target, inertia, hours) => {
        expect(affectDistance(updateMood(mood, target, inertia), target)).toBeLessThanOrEqual(affectDistance(mood, target) + 1e-12);
        const relaxed = relaxMood(mood, hours, inertia);
        const baseline = { valence: 0, arousal: 0.3, dominance: 0.5 };
        expect(affectDistance(relaxed, baseline)).toBeLessThanOrEqual(affectDistance(mood, baseline) + 1e-12);
      }),
    );
  });
});
