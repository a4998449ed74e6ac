import { MOOD_GATES } from '../constants';
import { clamp01, sigmoid } from '../math/scalar';
import type { Mood } from '../types/affect.types';
import type { SignalName, Weights } from '../types/recall.types';
import { normaliseWeights } from './weights';

export interface MoodGates {
  /** σ(5·(−0.5 − v)): 0.5 at v = −0.5, near 1 in a dark mood. */
  readonly negative: number;
  /** σ(5·(a − 0.7)). */
  readonly highArousal: number;
  /** σ(5·(0.3 − a)) · (1 − |v|). */
  readonly calm: number;
}

export function moodGates(mood: Mood): MoodGates {
  const k = MOOD_GATES.sharpness;
  return {
    negative: sigmoid(MOOD_GATES.negativeMood.centre - mood.valence, k),
    highArousal: sigmoid(mood.arousal - MOOD_GATES.highArousal.centre, k),
    calm: sigmoid(MOOD_GATES.calm.centre - mood.arousal, k) * (1 - clamp01(Math.abs(mood.valence))),
  };
}

const STATE_SIGNALS: readonly SignalName[] = ['moodCongruence', 'affectProximity', 'momentumAlignment'];

/**
 * Mood-adaptive weights (DESIGN §4). Smooth gates move weight:
 *  1. semantic → moodCongruence and affectProximity (half each): 0.15 × negative gate;
 *  2. semantic → momentumAlignment: 0.10 × high-arousal gate;
 *  3. moodCongruence, affectProximity, momentumAlignment → semantic (proportionally):
 *     0.10 × calm gate.
 * Each move takes at most what its source holds; the result is clipped and renormalised.
 */
export function adaptWeightsToMood(weights: Weights, mood: Mood): Weights {
  const gates = moodGates(mood);
  const w: Record<SignalName, number> = { ...weights };

  const toMood = Math.min(MOOD_GATES.negativeMood.strength * gates.negative, Math.max(0, w.semantic));
  w.semantic -= toMood;
  w.moodCongruence += toMood / 2;
  w.affectProximity += toMood / 2;

  const toMomentum = Math.min(MOOD_GATES.highArousal.strength * gates.highArousal, Math.max(0, w.semantic));
  w.semantic -= toMomentum;
  w.momentumAlignment += toMomentum;

  const pool = STATE_SIGNALS.reduce((sum, name) => sum + Math.max(0, w[name]), 0);
  const toSemantic = Math.min(MOOD_GATES.calm.strength * gates.calm, pool);
  if (pool > 0) {
    for (const name of STATE_SIGNALS) w[name] = Math.max(0, w[name]) * (1 - toSemantic / pool);
    w.semantic += toSemantic;
  }
  return normaliseWeights(w, weights);
}
