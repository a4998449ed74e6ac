import fc from 'fast-check';
import { RECONSOLIDATION } from '../constants';
import { affectDistance } from '../dynamics/affect-space';
import { affectArb, unit } from '../testing/arbitraries';
import type { CoreAffect } from '../types/affect.types';
import {
  affectivePredictionError,
  exceedsApeThreshold,
  initialReconsolidationState,
  isLabile,
  labileUntil,
  pearceHallRate,
  reconsolidateOnRecall,
  reconsolidationShift,
  type ReconsolidationState,
} from './reconsolidation';

const expected = { valence: 0, arousal: 0.3, dominance: 0.5 };
const now = { valence: 1, arousal: 0.8, dominance: 0.5 };

/** A memory an earlier recall at 0 made labile (window until 300 s), expecting `expectedAffect`. */
function labile(expectedAffect: CoreAffect, affect: CoreAffect = expectedAffect): ReconsolidationState {
  return { affect, expectedAffect, predictionRate: 0.3, labileUntilMs: 300_000, reconsolidationCount: 0 };
}

describe('reconsolidation', () => {
  it('APE, shift and rate at a hand-computed point', () => {
    // ‖(1, 0.5, 0)‖ = √1.25 ≈ 1.1180340: the plain distance, not divided by √6.
    const ape = affectivePredictionError(expected, now);
    expect(ape).toBeCloseTo(1.118034, 6);
    expect(exceedsApeThreshold(ape)).toBe(true);
    expect(reconsolidationShift(ape)).toBeCloseTo(0.2795085, 6); // 0.25 × APE
    // Pearce–Hall: 0.5·1.1180340 + 0.5·0.3 ≈ 0.7090170.
    expect(pearceHallRate(0.3, ape)).toBeCloseTo(0.709017, 6);
    expect(pearceHallRate(0.05, 0)).toBe(0.05);
    expect(pearceHallRate(0.8, 2)).toBe(0.8);
  });

  it('APE spans [0, √6]: the documented constants are reachable', () => {
    const far = affectivePredictionError({ valence: -1, arousal: 0, dominance: 0 }, { valence: 1, arousal: 1, dominance: 1 });
    expect(far).toBeCloseTo(Math.sqrt(6), 12);
    // The cap: reached from APE 2 (a full swing of valence) on, never exceeded.
    expect(reconsolidationShift(2)).toBeCloseTo(RECONSOLIDATION.maxShift, 12);
    expect(reconsolidationShift(far)).toBe(RECONSOLIDATION.maxShift);
    expect(reconsolidationShift(1.9)).toBeCloseTo(0.475, 12);
  });

  it('the window lasts 300 s, end inclusive', () => {
    expect(labileUntil(1000)).toBe(301_000);
    expect(isLabile(301_000, 301_000)).toBe(true);
    expect(isLabile(301_000, 301_001)).toBe(false);
    expect(isLabile(null, 0)).toBe(false);
    expect(isLabile(undefined, 0)).toBe(false);
  });

  it('the first recall reactivates the memory; a surprising recall within its window rewrites the affect', () => {
    const s0 = initialReconsolidationState(expected);
    const first = reconsolidateOnRecall(s0, now, 0);
    expect(first.reconsolidated).toBe(false);
    expect(first.state.affect).toEqual(expected);
    expect(first.state.labileUntilMs).toBe(300_000);
    // Expected affect moved by the initial rate 0.3: valence 0.3, arousal 0.45.
    expect(first.state.expectedAffect.valence).toBeCloseTo(0.3, 12);
    const second = reconsolidateOnRecall(first.state, now, 120_000);
    expect(second.reconsolidated).toBe(true);
    expect(second.state.reconsolidationCount).toBe(1);
    // APE ‖(0.7, 0.35, 0)‖ = √0.6125 ≈ 0.7826238 → shift 0.25·APE ≈ 0.1956559 of the way.
    expect(second.ape).toBeCloseTo(0.7826238, 6);
    expect(second.state.affect.valence).toBeCloseTo(0.1956559, 6);
    expect(second.state.affect.arousal).toBeCloseTo(0.3 + 0.5 * 0.1956559, 6);
    // The second recall reopened the window from its own instant.
    expect(second.state.labileUntilMs).toBe(420_000);
  });

  it('threshold: an APE just below 0.3 (or exactly 0.3) leaves the affect, just above rewrites it', () => {
    const at = (dv: number) => reconsolidateOnRecall(labile(expected), { ...expected, valence: dv }, 60_000);
    expect(at(0.3 - 1e-6).reconsolidated).toBe(false);
    expect(at(0.3 - 1e-6).state.affect).toEqual(expected);
    expect(at(0.3).reconsolidated).toBe(false);
    const above = at(0.3 + 1e-6);
    expect(above.reconsolidated).toBe(true);
    // 0.25 × 0.300001 of the way from 0 to 0.300001.
    expect(above.state.affect.valence).toBeCloseTo(0.25 * 0.300001 * 0.300001, 9);
    expect(above.state.reconsolidationCount).toBe(1);
  });

  it('window edge: a recall at the window’s last millisecond rewrites, one a millisecond later does not', () => {
    const affectNow = { valence: 0.8, arousal: 0.3, dominance: 0.5 };
    const edge = reconsolidateOnRecall(labile(expected), affectNow, 300_000);
    expect(edge.reconsolidated).toBe(true);
    expect(edge.state.affect.valence).toBeCloseTo(0.25 * 0.8 * 0.8, 12);
    const late = reconsolidateOnRecall(labile(expected), affectNow, 300_001);
    expect(late.reconsolidated).toBe(false);
    expect(late.state.affect).toEqual(expected);
    // ...but it reactivates the memory for the next recall.
    expect(late.state.labileUntilMs).toBe(600_001);
  });

  it('cap: the largest surprise moves the affect exactly half way', () => {
    const from = { valence: -1, arousal: 0, dominance: 0 };
    const to = { valence: 1, arousal: 1, dominance: 1 };
    const out = reconsolidateOnRecall(labile(from), to, 1);
    expect(out.reconsolidated).toBe(true);
    expect(out.state.affect.valence).toBeCloseTo(0, 12);
    expect(out.state.affect.arousal).toBeCloseTo(0.5, 12);
    expect(out.state.affect.dominance).toBeCloseTo(0.5, 12);
  });

  it('a recall replayed before the window never shortens it', () => {
    const state = { ...labile(expected), labileUntilMs: 900_000 };
    expect(reconsolidateOnRecall(state, expected, 100_000).state.labileUntilMs).toBe(900_000);
  });

  it('property: never shifts more than half way toward now; the rate stays in [0.05, 0.8]; the window covers 300 s after the recall', () => {
    fc.assert(
      fc.property(affectArb, affectArb, affectArb, unit, fc.integer({ min: 0, max: 1_000_000 }), (affect, expectedAffect, affectNow, rate, t) => {
        const state = { affect, expectedAffect, predictionRate: rate, labileUntilMs: 500_000, reconsolidationCount: 0 };
        const out = reconsolidateOnRecall(state, affectNow, t);
        expect(affectDistance(affect, out.state.affect)).toBeLessThanOrEqual(0.5 * affectDistance(affect, affectNow) + 1e-9);
        expect(out.state.predictionRate).toBeGreaterThanOrEqual(0.05);
        expect(out.state.predictionRate).toBeLessThanOrEqual(0.8);
        expect(out.state.labileUntilMs).toBeGreaterThanOrEqual(t + RECONSOLIDATION.labilityWindowMs);
        expect(out.reconsolidated).toBe(t <= 500_000 && out.ape > RECONSOLIDATION.apeThreshold);
      }),
    );
  });
});
