import { MOOD } from '../constants';
import { elapsedHours } from '../math/time';
import { clamp, halfLifeFactor } from '../math/scalar';
import type { CoreAffect, Mood, MoodState } from '../types/affect.types';
import { clampAffect, lerpAffect } from './affect-space';

/** One EMA step: mood += α(1 − inertia)(affect − mood). */
export function updateMood(mood: Mood, affect: CoreAffect, inertia: number = MOOD.inertia): Mood {
  const rate = MOOD.alpha * (1 - clamp(inertia, 0, 1));
  return clampAffect(lerpAffect(mood, affect, rate));
}

/** Relaxation half-life in hours: 1 h × (1 + 2·inertia). */
export function moodHalfLifeHours(inertia: number = MOOD.inertia): number {
  return MOOD.baseHalfLifeHours * (1 + 2 * clamp(inertia, 0, 1));
}

/**
 * Mood after `hours` without updates: it relaxes toward the baseline (0, 0.3, 0.5),
 * the gap halving every moodHalfLifeHours(inertia). Computed lazily; no timer needed.
 */
export function relaxMood(mood: Mood, hours: number, inertia: number = MOOD.inertia): Mood {
  const remaining = halfLifeFactor(hours, moodHalfLifeHours(inertia));
  return lerpAffect(MOOD.baseline, mood, remaining);
}

/** Mood as it is at `nowMs`, from the last stored mood. */
export function moodAt(state: MoodState, nowMs: number, inertia: number = MOOD.inertia): Mood {
  return relaxMood(state.mood, elapsedHours(state.atMs, nowMs), inertia);
}

/** Relax to now, then take one EMA step toward the new affect. */
export function advanceMood(state: MoodState, affect: CoreAffect, nowMs: number, inertia: number = MOOD.inertia): MoodState {
  return { mood: updateMood(moodAt(state, nowMs, inertia), affect, inertia), atMs: Math.max(state.atMs, nowMs) };
}
