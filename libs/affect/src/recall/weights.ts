import { LEGACY_SIGNAL_COUNTS, SIGNAL_NAMES } from '../types/recall.types';
import type { SignalName, Signals, WeightOverride, Weights } from '../types/recall.types';

/** A full record, always built with the same literal shape (keeps property access fast). */
function fill(value: (name: SignalName) => number): Record<SignalName, number> {
  return {
    semantic: value('semantic'),
    lexical: value('lexical'),
    moodCongruence: value('moodCongruence'),
    affectProximity: value('affectProximity'),
    momentumAlignment: value('momentumAlignment'),
    recency: value('recency'),
    frequency: value('frequency'),
    importance: value('importance'),
    emotionalIntensity: value('emotionalIntensity'),
    goalRelevance: value('goalRelevance'),
    priming: value('priming'),
    resonance: value('resonance'),
    circadianCongruence: value('circadianCongruence'),
    sessionContext: value('sessionContext'),
    speaker: value('speaker'),
    namedTime: value('namedTime'),
    episodeLexical: value('episodeLexical'),
  };
}

/** Full weight record from a partial one; missing signals are 0. Not normalised. */
export function weightsFrom(partial: WeightOverride): Weights {
  return fill((name) => partial[name] ?? 0);
}

export function sumWeights(weights: WeightOverride): number {
  let sum = 0;
  for (const name of SIGNAL_NAMES) sum += weights[name] ?? 0;
  return sum;
}

/**
 * Clips every weight to [0, ∞) (NaN → 0) and divides by the sum, so the result is
 * non-negative and sums to 1. If nothing positive is left, returns `fallback`.
 */
export function normaliseWeights(weights: WeightOverride, fallback: Weights): Weights {
  const clipped = fill((name) => {
    const w = weights[name] ?? 0;
    return Number.isFinite(w) && w > 0 ? w : 0;
  });
  const sum = sumWeights(clipped);
  if (!(sum > 0) || !Number.isFinite(sum)) return fallback;
  return fill((name) => clipped[name] / sum);
}

/** Σ w_i · f_i. */
export function weightedScore(signals: Signals, weights: Weights): number {
  // Unrolled: this runs once per candidate per pass.
  return (
    weights.semantic * signals.semantic +
    weights.lexical * signals.lexical +
    weights.moodCongruence * signals.moodCongruence +
    weights.affectProximity * signals.affectProximity +
    weights.momentumAlignment * signals.momentumAlignment +
    weights.recency * signals.recency +
    weights.frequency * signals.frequency +
    weights.importance * signals.importance +
    weights.emotionalIntensity * signals.emotionalIntensity +
    weights.goalRelevance * signals.goalRelevance +
    weights.priming * signals.priming +
    weights.resonance * signals.resonance +
    weights.circadianCongruence * signals.circadianCongruence +
    weights.sessionContext * signals.sessionContext +
    weights.speaker * signals.speaker +
    weights.namedTime * signals.namedTime +
    weights.episodeLexical * signals.episodeLexical
  );
}

/** w_i · f_i per signal (the explanation's "weighted" breakdown). */
export function weightedSignals(signals: Signals, weights: Weights): Signals {
  return fill((name) => weights[name] * signals[name]);
}

/** The agent stores weights as an array in SIGNAL_NAMES order. */
export function weightsToArray(weights: Weights): readonly number[] {
  return SIGNAL_NAMES.map((name) => weights[name]);
}

/** Whether `width` is the signal count of this version or of an earlier one (LEGACY_SIGNAL_COUNTS). */
export function isSignalWidth(width: number): boolean {
  return width === SIGNAL_NAMES.length || LEGACY_SIGNAL_COUNTS.includes(width);
}

/** Arrays written by earlier versions are shorter (LEGACY_SIGNAL_COUNTS): the signals added since read as 0. */
export function weightsFromArray(values: readonly number[], fallback: Weights): Weights {
  if (!isSignalWidth(values.length)) return fallback;
  return normaliseWeights(fill((name) => values[SIGNAL_NAMES.indexOf(name)] ?? 0), fallback);
}

/** How many signals each entry of a flat per-item list of `itemCount` entries carries: current or a legacy width. */
export function signalStride(flatLength: number, itemCount: number): number {
  const legacy = LEGACY_SIGNAL_COUNTS.find((width) => itemCount > 0 && flatLength === itemCount * width);
  return legacy ?? SIGNAL_NAMES.length;
}
