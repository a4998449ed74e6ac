import fc from 'fast-check';
import { affectDistance } from '../dynamics/affect-space';
import { affectArb, unit } from '../testing/arbitraries';
import {
  affectivePredictionError,
  initialReconsolidationState,
  isLabile,
  labileUntil,
  opensLabilityWindow,
  pearceHallRate,
  reconsolidateOnRecall,
  reconsolidationShift,
} from './reconsolidation';

const expected = { valence: 0, arousal: 0.3, dominance: 0.5 };
const now = { valence: 1, arousal: 0.8, dominance: 0.5 };

describe('reconsolidation', () => {
  it('APE, window, shift and rate at a hand-computed point', () => {
    // ‖(1, 0.5, 0)‖ = √1.25 ≈ 1.1180340, / √6 ≈ 0.4564355.
    const ape = affectivePredictionError(expected, now);
    expect(ape).toBeCloseTo(0.4564355, 6);
    expect(opensLabilityWindow(ape)).toBe(true);
    expect(opensLabilityWindow(0.3)).toBe(false);
    expect(reconsolidationShift(ape)).toBeCloseTo(0.0912871, 6); // 0.2 × APE
    expect(reconsolidationShift(5)).toBe(0.5); // capped
    // Pearce–Hall: 0.5·0.4564355 + 0.5·0.3 ≈ 0.3782178.
    expect(pearceHallRate(0.3, ape)).toBeCloseTo(0.3782178, 6);
    expect(pearceHallRate(0.05, 0)).toBe(0.05);
    expect(pearceHallRate(0.8, 1)).toBe(0.8);
  });

  it('the window lasts 300 s', () => {
    expect(labileUntil(1000)).toBe(301_000);
    expect(isLabile(301_000, 301_000)).toBe(true);
    expect(isLabile(301_000, 301_001)).toBe(false);
    expect(isLabile(null, 0)).toBe(false);
    expect(isLabile(undefined, 0)).toBe(false);
  });

  it('a first surprising recall opens the window; a second within it rewrites the affect', () => {
    const s0 = initialReconsolidationState(expected);
    const first = reconsolidateOnRecall(s0, now, 0);
    expect(first.reconsolidated).toBe(false);
    expect(first.state.affect).toEqual(expected);
    expect(first.state.labileUntilMs).toBe(300_000);
    // Expected affect moved by the initial rate 0.3: valence 0.3.
    expect(first.state.expectedAffect.valence).toBeCloseTo(0.3, 12);
    const second = reconsolidateOnRecall(first.state, now, 120_000);
    expect(second.reconsolidated).toBe(true);
    expect(second.state.reconsolidationCount).toBe(1);
    // APE now ‖(0.7, 0.35, 0)‖/√6 ≈ 0.3195048 → shift ≈ 0.0639010 of the way from 0 to 1.
    expect(second.state.affect.valence).toBeCloseTo(0.063901, 5);
    const late = reconsolidateOnRecall(first.state, now, 400_000);
    expect(late.reconsolidated).toBe(false);
  });

  it('property: never shifts more than half way toward now', () => {
    fc.assert(
      fc.property(affectArb, affectArb, affectArb, unit, (affect, expectedAffect, affectNow, rate) => {
        const state = { affect, expectedAffect, predictionRate: rate, labileUntilMs: 1000, reconsolidationCount: 0 };
        const out = reconsolidateOnRecall(state, affectNow, 0);
        expect(affectDistance(affect, out.state.affect)).toBeLessThanOrEqual(0.5 * affectDistance(affect, affectNow) + 1e-9);
        expect(out.state.predictionRate).toBeGreaterThanOrEqual(0.05);
        expect(out.state.predictionRate).toBeLessThanOrEqual(0.8);
      }),
    );
  });
});
