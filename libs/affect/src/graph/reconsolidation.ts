import { AFFECT_SPACE, RECONSOLIDATION } from '../constants';
import { affectDistance, clampAffect, lerpAffect } from '../dynamics/affect-space';
import { clamp } from '../math/scalar';
import type { CoreAffect } from '../types/affect.types';

/**
 * Affective prediction error: ‖expected affect − affect now‖, the plain Euclidean distance as in
 * the emotional-memory model, so in [0, √6]. (The recall signals divide distances by √6; APE
 * does not: its threshold 0.3 and its 50 % cap are set on this scale.)
 */
export function affectivePredictionError(expected: CoreAffect, now: CoreAffect): number {
  return affectDistance(expected, now) * AFFECT_SPACE.diameter;
}

/** An APE above 0.3 lets a recall within the lability window rewrite the memory's affect. */
export function exceedsApeThreshold(ape: number): boolean {
  return ape > RECONSOLIDATION.apeThreshold;
}

/** End of the lability window a recall at `nowMs` opens (300 s later). */
export function labileUntil(nowMs: number): number {
  return nowMs + RECONSOLIDATION.labilityWindowMs;
}

/** True while `nowMs` is within an open lability window (end inclusive). */
export function isLabile(labileUntilMs: number | null | undefined, nowMs: number): boolean {
  return labileUntilMs !== null && labileUntilMs !== undefined && nowMs <= labileUntilMs;
}

/** Fraction of the way toward now that a labile memory's affect moves: min(APE·0.25, 0.5). */
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
 * One recall's effect on a memory (DESIGN §4, decided from the emotional-memory model):
 *  1. APE = ‖expected affect − affect now‖;
 *  2. if the memory is labile — an earlier recall's window, 300 s, still open (end inclusive) —
 *     and APE > 0.3, its affect moves toward now by min(APE·0.25, 0.5) of the way: retrieval
 *     destabilises a memory, the surprise of the next retrieval rewrites it;
 *  3. the expected affect moves toward now at the current Pearce–Hall rate, and the rate is
 *     updated from this APE (Pearce–Hall: the new rate applies from the next trial);
 *  4. every recall reactivates the memory: its window runs 300 s from this recall (never
 *     shortened by a recall replayed at an earlier `now`).
 */
export function reconsolidateOnRecall(state: ReconsolidationState, affectNow: CoreAffect, nowMs: number): ReconsolidationOutcome {
  const ape = affectivePredictionError(state.expectedAffect, affectNow);
  const rewrite = isLabile(state.labileUntilMs, nowMs) && exceedsApeThreshold(ape);
  const reopened = labileUntil(nowMs);
  return {
    ape,
    reconsolidated: rewrite,
    state: {
      affect: rewrite ? clampAffect(lerpAffect(state.affect, affectNow, reconsolidationShift(ape))) : state.affect,
      expectedAffect: clampAffect(lerpAffect(state.expectedAffect, affectNow, state.predictionRate)),
      predictionRate: pearceHallRate(state.predictionRate, ape),
      labileUntilMs: state.labileUntilMs === null ? reopened : Math.max(state.labileUntilMs, reopened),
      reconsolidationCount: state.reconsolidationCount + (rewrite ? 1 : 0),
    },
  };
}
