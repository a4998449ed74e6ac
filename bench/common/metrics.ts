/** Ranking metrics over the top-k distinct externalIds, shared by the retrieval benchmarks. */

export interface Metrics {
  readonly n: number;
  readonly hit1: number;
  readonly hit5: number;
  readonly hit10: number;
  readonly recall5: number;
  readonly recall10: number;
  readonly mrr10: number;
  readonly ndcg10: number;
}

export const METRIC_KEYS = ['hit1', 'hit5', 'hit10', 'recall5', 'recall10', 'mrr10', 'ndcg10'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export type Scores = Omit<Metrics, 'n'>;

/** The first k distinct ids, in rank order (the protocols score distinct externalIds). */
export function topDistinct(ranked: readonly (string | null | undefined)[], k: number): string[] {
  const out: string[] = [];
  for (const id of ranked) {
    if (id && !out.includes(id)) out.push(id);
    if (out.length === k) break;
  }
  return out;
}

/** Scores one ranked list against a gold set: hit@k (k = 1, 5, 10), recall@k (k = 5, 10), MRR@10, binary nDCG@10. */
export function scoreQuestion(ranked: readonly (string | null | undefined)[], gold: readonly string[]): Scores {
  const top = topDistinct(ranked, 10);
  const g = new Set(gold);
  const found = (k: number) => top.slice(0, k).filter((id) => g.has(id)).length;
  const first = top.findIndex((id) => g.has(id));
  let dcg = 0;
  top.forEach((id, i) => (dcg += g.has(id) ? 1 / Math.log2(i + 2) : 0));
  let idcg = 0;
  for (let i = 0; i < Math.min(g.size, 10); i++) idcg += 1 / Math.log2(i + 2);
  return {
    hit1: found(1) > 0 ? 1 : 0,
    hit5: found(5) > 0 ? 1 : 0,
    hit10: found(10) > 0 ? 1 : 0,
    recall5: found(5) / g.size,
    recall10: found(10) / g.size,
    mrr10: first >= 0 ? 1 / (first + 1) : 0,
    ndcg10: idcg > 0 ? dcg / idcg : 0,
  };
}

export function mean(rows: readonly Scores[]): Metrics {
  const sum = Object.fromEntries(METRIC_KEYS.map((k) => [k, 0])) as Record<MetricKey, number>;
  for (const r of rows) for (const k of METRIC_KEYS) sum[k] += r[k];
  const n = rows.length;
  return { n, ...(Object.fromEntries(METRIC_KEYS.map((k) => [k, n ? sum[k] / n : 0])) as Record<MetricKey, number>) };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: the smallest value with at least p % of the values at or below it.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
