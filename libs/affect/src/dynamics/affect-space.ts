import { AFFECT_SPACE } from '../constants';
import { clamp, lerp } from '../math/scalar';
import type { Momentum, Vad } from '../types/affect.types';

export type VadArray = readonly [number, number, number];

/** Forces each coordinate into its range: v ∈ [−1,1], a ∈ [0,1], d ∈ [0,1]. */
export function clampAffect(x: Vad): Vad {
  return {
    valence: clamp(x.valence, -1, 1),
    arousal: clamp(x.arousal, 0, 1),
    dominance: clamp(x.dominance, 0, 1),
  };
}

/** Point t of the way from `from` to `to`, per coordinate. */
export function lerpAffect(from: Vad, to: Vad, t: number): Vad {
  return {
    valence: lerp(from.valence, to.valence, t),
    arousal: lerp(from.arousal, to.arousal, t),
    dominance: lerp(from.dominance, to.dominance, t),
  };
}

/** Euclidean distance divided by √6 (the box's diameter), so in [0, 1] for in-range points. */
export function affectDistance(x: Vad, y: Vad): number {
  const dv = x.valence - y.valence;
  const da = x.arousal - y.arousal;
  const dd = x.dominance - y.dominance;
  return Math.sqrt(dv * dv + da * da + dd * dd) / AFFECT_SPACE.diameter;
}

/** 1 − normalised distance, clamped to [0, 1]. */
export function affectProximity(x: Vad, y: Vad): number {
  return clamp(1 - affectDistance(x, y), 0, 1);
}

/** The graph stores affect as [v, a, d]. */
export function affectToArray(x: Vad): VadArray {
  return [x.valence, x.arousal, x.dominance];
}

/** Reads [v, a, d]; missing entries fall back to `fallback` (neutral by default). */
export function affectFromArray(values: readonly number[], fallback: Vad = { valence: 0, arousal: 0, dominance: 0.5 }): Vad {
  return clampAffect({
    valence: values[0] ?? fallback.valence,
    arousal: values[1] ?? fallback.arousal,
    dominance: values[2] ?? fallback.dominance,
  });
}

export function momentumToArray(m: Momentum): VadArray {
  return [m.dv, m.da, m.dd];
}

export function momentumFromArray(values: readonly number[]): Momentum {
  return { dv: values[0] ?? 0, da: values[1] ?? 0, dd: values[2] ?? 0 };
}
