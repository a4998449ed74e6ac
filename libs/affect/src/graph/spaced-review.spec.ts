import fc from 'fast-check';
import {
  amplifyImportance,
  initialReviewSchedule,
  initialReviewState,
  memoryValue,
  memoryStrength,
  nextReviewAt,
  reviewIntervalHours,
  reviewMemory,
  shouldArchive,
  updateStability,
} from './spaced-review';

const H = 3_600_000;

describe('spaced review', () => {
  it('1 h, 1 d, 7 d, 30 d, stretched by stability', () => {
    expect(reviewIntervalHours(0, 1)).toBe(1);
    expect(reviewIntervalHours(1, 2)).toBe(48);
    expect(reviewIntervalHours(2, 1)).toBe(168);
    expect(reviewIntervalHours(9, 1)).toBe(720);
    expect(reviewIntervalHours(-1, 0.2)).toBe(1); // clamped count and stability
    expect(nextReviewAt(0, 1, 1)).toBe(24 * H);
  });

  it('stability grows by 1 + (0.2 + 0.3a + 0.3·importance + 0.2·frequency), capped at 50', () => {
    expect(updateStability(1, { arousal: 1, importance: 1, accessCount: 0 })).toBeCloseTo(1.8, 12);
    // 0.2 + 0.2·(1 − e^−1) ≈ 0.3264241.
    expect(updateStability(1, { arousal: 0, importance: 0, accessCount: 10 })).toBeCloseTo(1.3264241, 6);
    expect(updateStability(49, { arousal: 1, importance: 1, accessCount: 100 })).toBe(50);
  });

  it('a review raises stability, counts, and schedules from now', () => {
    const s0 = initialReviewState(0);
    expect(s0).toEqual({ stability: 1, reviewCount: 0, nextReviewAtMs: H });
    const s1 = reviewMemory(s0, { arousal: 1, importance: 1, accessCount: 0 }, H);
    expect(s1.reviewCount).toBe(1);
    expect(s1.stability).toBeCloseTo(1.8, 12);
    expect(s1.nextReviewAtMs).toBeCloseTo(H + 24 * 1.8 * H, 3);
  });

  it('archives faded, unimportant memories; never arousing ones', () => {
    const faded = { hoursSinceLastUse: 1e6, arousal: 0.1, accessCount: 0, consolidation: 0.2, importance: 0.2 };
    expect(memoryStrength(faded)).toBeLessThan(0.05);
    expect(shouldArchive(faded)).toBe(true);
    expect(shouldArchive({ ...faded, importance: 0.5 })).toBe(false);
    expect(shouldArchive({ ...faded, arousal: 0.8 })).toBe(false);
    expect(shouldArchive({ ...faded, hoursSinceLastUse: 1 })).toBe(false);
  });

  it('archive thresholds are configurable', () => {
    const faded = { hoursSinceLastUse: 1e6, arousal: 0.1, accessCount: 0, consolidation: 0.2, importance: 0.2 };
    expect(shouldArchive(faded, { strengthBelow: 0.05, importanceBelow: 0.1 })).toBe(false);
    expect(shouldArchive({ ...faded, hoursSinceLastUse: 1 }, { strengthBelow: 0.5, importanceBelow: 0.3 })).toBe(true);
  });

  it('a neutral, unimportant memory is not archived after a month of silence, only later', () => {
    const neutral = { arousal: 0.3, accessCount: 0, consolidation: 0.36, importance: 0.5 };
    expect(shouldArchive({ ...neutral, hoursSinceLastUse: 30 * 24 })).toBe(false);
    expect(memoryStrength({ ...neutral, hoursSinceLastUse: 30 * 24 })).toBeGreaterThan(0);
  });

  it('the encode path gets the first review an hour after encoding', () => {
    expect(initialReviewSchedule(5 * H)).toEqual({ stability: 1, reviewCount: 0, nextReviewAtMs: 6 * H });
  });

  it('memory value and amplification at hand-computed points', () => {
    // value = max(frequency, intensity); frequency(20) = 1 − e^(−0.1·20) = .8646647, intensity 0
    // (valence 0) → importance .5 + 0.1 · .8646647 · (1 − .5) = .5432332
    expect(memoryValue({ valence: 0, arousal: 0.3, accessCount: 20 })).toBeCloseTo(1 - Math.exp(-2), 12);
    expect(amplifyImportance(0.5, { valence: 0, arousal: 0.3, accessCount: 20 })).toBeCloseTo(0.5 + 0.1 * (1 - Math.exp(-2)) * 0.5, 12);
    // never recalled, valence −.8, arousal .9: intensity = .8 · .9 · (1 − 0.1) = .648 → importance
    // .4 + 0.1 · .648 · .6 = .43888
    expect(memoryValue({ valence: -0.8, arousal: 0.9, accessCount: 0 })).toBeCloseTo(0.648, 12);
    expect(amplifyImportance(0.4, { valence: -0.8, arousal: 0.9, accessCount: 0 })).toBeCloseTo(0.43888, 12);
    // just below the bar: intensity = .5 · .9 · (1 + 0.1) = .495 < .5 → unchanged;
    // above it: .6 · .9 · 1.1 = .594 → .5 + 0.1 · .594 · .5 = .5297
    expect(amplifyImportance(0.5, { valence: 0.5, arousal: 0.9, accessCount: 0 })).toBe(0.5);
    expect(amplifyImportance(0.5, { valence: 0.6, arousal: 0.9, accessCount: 0 })).toBeCloseTo(0.5297, 12);
  });

  it('amplifies the importance of valuable memories only, within [importance, 0.95]', () => {
    expect(amplifyImportance(0.5, { valence: 0, arousal: 0.3, accessCount: 0 })).toBe(0.5);
    const recalled = amplifyImportance(0.5, { valence: 0, arousal: 0.3, accessCount: 20 });
    expect(recalled).toBeGreaterThan(0.5);
    expect(amplifyImportance(0.95, { valence: -1, arousal: 1, accessCount: 100 })).toBe(0.95);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(200), (imp, v, a, n) => {
        const out = amplifyImportance(imp, { valence: v, arousal: a, accessCount: n });
        expect(out).toBeGreaterThanOrEqual(Math.min(imp, 0.95) - 1e-12);
        expect(out).toBeLessThanOrEqual(Math.max(imp, 0.95));
        expect(memoryValue({ valence: v, arousal: a, accessCount: n })).toBeLessThanOrEqual(1);
      }),
    );
  });
});
