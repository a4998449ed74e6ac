import { RECONSOLIDATION } from '../constants';
import { affectDistance, clampAffect, lerpAffect } from '../dynamics/affect-space';
import { clamp } from '../math/scalar';
import type { CoreAffect } from '../types/affect.types';

/**
 * Affective prediction error: ‖expected affect − affect now‖, divided by √6 like every
 * distance in affect space (DESIGN §3), so in [0, 1].
 */
export function affectivePredictionError(expected: CoreAffect, now: CoreAffect): number {
  return affectDistance(expected, now);
}

/** An APE above 0.3 makes the memory labile. */
export function opensLabilityWindow(ape: number): boolean {
  return ape > RECONSOLIDATION.apeThreshold;
}

/** End of the lability window opened at `nowMs` (300 s later). */
export function labileUntil(nowMs: number): number {
  return nowMs + RECONSOLIDATION.labilityWindowMs;
}

/** True while `nowMs` is within an open lability window (end inclusive). */
export function isLabile(labileUntilMs: number | null | undefined, nowMs: number): boolean {
  return labileUntilMs !== null && labileUntilMs !== undefined && nowMs <= labileUntilMs;
}

/** Fraction of the way toward now that a labile memory's affect moves: min(APE·0.2, 0.5). */
export function reconsolidationShift(ape: number): number {
  return clamp(ape * RECONSOLIDATION.shiftPerApe, 0, RECONSOLIDATION.maxShift);
}

/**
 * Pearce–Hall associability: the rate follows recent surprise,
 * rate' = clamp(γ·APE + (1 − γ)·rate, 0.05, 0.8), γ = 0.5.
 */
export function pearceHallRate(previousRate: number, ape: number): number {
  const g = RECONSOLIDATION.rateMemory;
  return clamp(g * ape + (1 - g) * previousRate, RECONSOLIDATION.minRate, RECONSOLIDATION.maxRate);
}

export interface ReconsolidationState {
  readonly affect: CoreAffect;
  readonly expectedAffect: CoreAffect;
  readonly predictionRate: number;
  readonly labileUntilMs: number | null;
  readonly reconsolidationCount: number;
}

export interface ReconsolidationOutcome {
  readonly state: ReconsolidationState;
  readonly ape: number;
  /** True when this recall rewrote the memory's affect. */
  readonly reconsolidated: boolean;
}

/** Initial reconsolidation state of a memory encoded with `affect`. */
export function initialReconsolidationState(affect: CoreAffect): ReconsolidationState {
  return { affect, expectedAffect: affect, predictionRate: RECONSOLIDATION.initialRate, labileUntilMs: null, reconsolidationCount: 0 };
}

/**
 * One recall's effect on a memory (DESIGN §4):
 *  1. APE = distance(expected affect, affect now);
 *  2. if the memory is labile (a window opened by an earlier recall), its affect moves
 *     toward now by min(APE·0.2, 0.5) of the way — never more than half;
 *  3. the expected affect moves toward now at the current Pearce–Hall rate, and the rate
 *     is updated from this APE (Pearce–Hall: the new rate applies from the next trial);
 *  4. an APE above 0.3 opens (or extends) a 300 s lability window.
 */
export function reconsolidateOnRecall(state: ReconsolidationState, affectNow: CoreAffect, nowMs: number): ReconsolidationOutcome {
  const ape = affectivePredictionError(state.expectedAffect, affectNow);
  const labile = isLabile(state.labileUntilMs, nowMs);
  return {
    ape,
    reconsolidated: labile,
    state: {
      affect: labile ? clampAffect(lerpAffect(state.affect, affectNow, reconsolidationShift(ape))) : state.affect,
      expectedAffect: clampAffect(lerpAffect(state.expectedAffect, affectNow, state.predictionRate)),
      predictionRate: pearceHallRate(state.predictionRate, ape),
      labileUntilMs: opensLabilityWindow(ape) ? labileUntil(nowMs) : state.labileUntilMs,
      reconsolidationCount: state.reconsolidationCount + (labile ? 1 : 0),
    },
  };
}
