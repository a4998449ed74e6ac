/** Percentile of a sample (nearest-rank on the sorted copy). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function fmt(ms: number): string {
  return Number.isFinite(ms) ? ms.toFixed(1) : 'n/a';
}
