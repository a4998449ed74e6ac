export function dot(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
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
  const cos = dot(a, b) / denominator;
  return cos > 1 ? 1 : cos < -1 ? -1 : cos;
}
