import { f3, markdownTable, ms } from '../common/markdown-table';
import type { ResultRow, RunHeaderBase } from '../common/result-rows';
import { CATEGORIES } from './dataset';
import type { Breakdown } from './metrics';

export type ConfigResult = ResultRow<Breakdown>;

export interface RunHeader extends RunHeaderBase {
  readonly questions: number;
  readonly dropped: number;
  readonly turns: number;
  readonly samples: readonly string[];
  readonly encodeVia: string | null;
}

export function markdown(header: RunHeader, results: readonly ConfigResult[]): string {
  const lines: string[] = [];
  lines.push(`### LoCoMo dev — run ${header.runId}`, '');
  lines.push(
    `${header.startedAt} · commit ${header.commit} · embedder \`${header.embedder}\` · ${header.samples.length} conversations, ` +
      `${header.turns} turns, ${header.questions} questions (categories 1–4; ${header.dropped} dropped: no evidence matched a turn)` +
      (header.url ? ` · API ${header.url} (${header.encodeVia ?? 'not encoded'})` : ' · baselines only'),
    '',
  );
  const cats = Object.values(CATEGORIES);
  const rows = results.map((r) => {
    const label = r.kind === 'baseline' ? `baseline: ${r.name}` : `limbic: ${r.name}`;
    if (!r.metrics) return [label, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', ...cats.map(() => 'n/a'), '–', '–'];
    const o = r.metrics.overall;
    return [
      `${label}${r.errors ? ` (${r.errors} errors)` : ''}`,
      f3(o.hit5),
      f3(o.recall5),
      `**${f3(o.recall10)}**`,
      f3(o.mrr10),
      f3(o.ndcg10),
      ...cats.map((c) => f3(r.metrics!.perCategory[c]!.recall10)),
      ms(r.latencyMs?.p50),
      ms(r.latencyMs?.p99),
    ];
  });
  lines.push(...markdownTable(['configuration', 'hit@5', 'recall@5', 'recall@10', 'MRR@10', 'nDCG@10', ...cats.map((c) => `R@10 ${c}`), 'p50 ms', 'p99 ms'], rows));
  const na = results.filter((r) => !r.metrics);
  if (na.length) lines.push('', `n/a: ${na.map((r) => `${r.name} (${r.unavailable})`).join('; ')}.`);
  const counts = results.find((r) => r.metrics)?.metrics?.perCategory;
  if (counts) lines.push('', `Questions per category: ${cats.map((c) => `${c} ${counts[c]!.n}`).join(', ')}.`);
  lines.push('', 'Per category (hit@5 / recall@5 / recall@10 / MRR@10 / nDCG@10):', '');
  const perCategory = results
    .filter((x) => x.metrics)
    .map((r) => [
      `${r.kind === 'baseline' ? 'baseline: ' : 'limbic: '}${r.name}`,
      ...cats.map((c) => {
        const m = r.metrics!.perCategory[c]!;
        return [m.hit5, m.recall5, m.recall10, m.mrr10, m.ndcg10].map(f3).join(' / ');
      }),
    ]);
  lines.push(...markdownTable(['configuration', ...cats], perCategory, 'left'));
  lines.push('', 'Latency: Limbic rows are client-side wall time of one recall over HTTP (server-reported `tookMs` p50/p99 in the JSON); baseline rows are in-process (cosine includes embedding the query).');
  const server = results.filter((r) => r.latencyMs?.serverP50 !== null && r.latencyMs?.serverP50 !== undefined);
  if (server.length) lines.push(`Server tookMs p50/p99: ${server.map((r) => `${r.name} ${ms(r.latencyMs!.serverP50)}/${ms(r.latencyMs!.serverP99)}`).join(', ')}.`);
  lines.push('', `Timings (s): ${Object.entries(header.timings).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}.`);
  for (const n of header.notes) lines.push(`- ${n}`);
  return lines.join('\n') + '\n';
}
