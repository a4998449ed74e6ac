import { SIGNALS } from '../../constants';
import { clamp, clamp01 } from '../../math/scalar';

export interface RecencyInput {
  /** Hours since the memory was last used (occurred or accessed, whichever is later). */
  readonly hours: number;
  readonly arousal: number;
  readonly accessCount: number;
  /** Consolidation strength c, [0.1, 1]. */
  readonly consolidation: number;
  /** The agent preset's decay scale: multiplies δ (< 1 forgets slower). Default 1. */
  readonly decayScale?: number;
}

/** Power-law decay exponent δ = s · 0.5(1 − 0.5a)/(1 + 0.1·accesses), s the preset's decay scale. */
export function recencyDecayExponent(arousal: number, accessCount: number, decayScale = 1): number {
  const r = SIGNALS.recency;
  const scale = Number.isFinite(decayScale) && decayScale > 0 ? decayScale : 1;
  return (scale * r.baseDecay * (1 - r.arousalSlowdown * clamp01(arousal))) / (1 + r.accessSlowdown * Math.max(0, accessCount));
}

/**
 * ACT-R style recency: c · (1 + Δt_h)^(−δ); never below 0.1 when a ≥ 0.7 (flashbulb
 * memories do not fade out). In [0, 1].
 */
export function recencySignal(input: RecencyInput): number {
  const r = SIGNALS.recency;
  const decayed = clamp01(input.consolidation) * Math.pow(1 + Math.max(0, input.hours), -recencyDecayExponent(input.arousal, input.accessCount, input.decayScale));
  const floor = input.arousal >= r.arousalFloorThreshold ? r.arousalFloor : 0;
  return clamp(Math.max(floor, decayed), 0, 1);
}

/** frequency = 1 − e^(−0.1·accesses). */
export function frequencySignal(accessCount: number): number {
  return clamp01(1 - Math.exp(-SIGNALS.frequency.rate * Math.max(0, accessCount)));
}
