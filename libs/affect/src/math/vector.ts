import { clamp } from './scalar';

export function dot(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

export function norm(a: readonly number[]): number {
  return Math.sqrt(dot(a, a));
}

/**
 * cos(a, b) in [−1, 1]; 0 when either vector is zero or the lengths differ (a dimension
 * mismatch is a caller bug, but scoring must stay defined).
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  const denominator = norm(a) * norm(b);
  if (denominator === 0 || !Number.isFinite(denominator)) return 0;
  // Rounding can land a hair outside [−1, 1].
  return clamp(dot(a, b) / denominator, -1, 1);
}
