/** Limits x to [min, max]; NaN becomes min so bad input can never leak out of a signal. */
/** `x` in [min, max]; NaN gives min. At a bound it gives the bound itself, so −0 comes out as 0 (signed zeros made scores depend on candidate order). */
export function clamp(x: number, min: number, max: number): number {
  if (Number.isNaN(x)) return min;
  return x <= min ? min : x >= max ? max : x;
}

export function clamp01(x: number): number {
  return clamp(x, 0, 1);
}

/** Linear interpolation from a (t = 0) to b (t = 1); t is not clamped. */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** Logistic gate: 0.5 at the centre, `sharpness` sets how fast it switches. */
export function sigmoid(x: number, sharpness = 1): number {
  return 1 / (1 + Math.exp(-sharpness * x));
}

/** Fraction left after `elapsed` when it halves every `halfLife` (same unit). */
export function halfLifeFactor(elapsed: number, halfLife: number): number {
  return Math.pow(0.5, Math.max(0, elapsed) / halfLife);
}

/** Ascending string order for deterministic tie-breaks (code-unit order, like Cypher's ORDER BY). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sign(x: number): -1 | 0 | 1 {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}
