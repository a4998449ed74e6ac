import { f3, markdownTable, ms } from '../common/markdown-table';
import type { Metrics } from '../common/metrics';
import type { ResultRow, RunHeaderBase } from '../common/result-rows';
import type { Arm } from './arms';

export type RowResult = ResultRow<Metrics>;

export interface ArmResult {
  readonly arm: Arm;
  readonly rows: readonly RowResult[];
  /** Why the whole arm did not run, if it did not. */
  readonly unavailable?: string;
}

export interface MadialHeader extends RunHeaderBase {
  readonly memories: number;
  readonly dialogues: number;
  readonly goldIds: number;
}

/** The figures issue 18 sets targets on: a configuration's recall@5 and recall@10 minus cosine's. */
export const DELTA_CONFIGS = ['default', 'affective'] as const;
/** `affective` may trail cosine by at most this much (issue 18). */
export const AFFECTIVE_TOLERANCE = 0.03;

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${f3(Math.abs(x))}`;

function rowCells(r: RowResult): string[] {
  const label = `${r.kind === 'baseline' ? 'baseline' : 'limbic'}: ${r.name}${r.errors ? ` (${r.errors} errors)` : ''}`;
  if (!r.metrics) return [label, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', '–'];
  const m = r.metrics;
  return [label, f3(m.hit1), f3(m.hit5), f3(m.recall5), `**${f3(m.recall10)}**`, f3(m.mrr10), f3(m.ndcg10), ms(r.latencyMs?.p50)];
}

export interface Delta {
  readonly arm: string;
  readonly config: string;
  readonly recall5: number;
  readonly recall10: number;
  /** Whether issue 18's target for this configuration holds (null: no target for it). */
  readonly met: boolean | null;
}

/** default and affective against the cosine baseline, per arm; targets on the production (observe) arm. */
export function deltasToCosine(cosine: Metrics, arms: readonly ArmResult[]): Delta[] {
  const out: Delta[] = [];
  for (const a of arms) {
    for (const config of DELTA_CONFIGS) {
      const m = a.rows.find((r) => r.kind === 'limbic' && r.name === config)?.metrics;
      if (!m) continue;
      const recall5 = m.recall5 - cosine.recall5;
      const recall10 = m.recall10 - cosine.recall10;
      const floor = config === 'default' ? 0 : -AFFECTIVE_TOLERANCE;
      out.push({ arm: a.arm.name, config, recall5, recall10, met: a.arm.name === 'observe' ? recall5 >= floor - 1e-9 && recall10 >= floor - 1e-9 : null });
    }
  }
  return out;
}

export function markdown(header: MadialHeader, baselines: readonly RowResult[], arms: readonly ArmResult[], deltas: readonly Delta[]): string {
  const lines: string[] = [];
  lines.push(`### MADial-Bench dev (user 1) — run ${header.runId}`, '');
  lines.push(
    `${header.startedAt} · commit ${header.commit} · embedder \`${header.embedder}\` · ${header.memories} memories, ${header.dialogues} dialogues, ` +
      `${header.goldIds} gold ids` +
      (header.url ? ` · API ${header.url}` : ' · baselines only'),
    '',
  );
  const columns = ['configuration', 'hit@1', 'hit@5', 'recall@5', 'recall@10', 'MRR@10', 'nDCG@10', 'p50 ms'];
  if (arms.length === 0) lines.push(...markdownTable(columns, baselines.map(rowCells)), '');
  for (const a of arms) {
    lines.push(`#### Arm \`${a.arm.name}\` — ${a.arm.description}`, '');
    if (a.unavailable) {
      lines.push(`n/a: ${a.unavailable}.`, '');
      continue;
    }
    lines.push(...markdownTable(columns, [...baselines, ...a.rows].map(rowCells)));
    const na = a.rows.filter((r) => !r.metrics);
    if (na.length) lines.push('', `n/a: ${na.map((r) => `${r.name} (${r.unavailable})`).join('; ')}.`);
    lines.push('');
  }
  if (deltas.length) {
    lines.push('#### Against cosine (issue 18: on `observe`, default ≥ cosine and affective ≥ cosine − 0.03, at recall@5 and recall@10)', '');
    lines.push(
      ...markdownTable(
        ['arm', 'configuration', 'Δ recall@5', 'Δ recall@10', 'target'],
        deltas.map((d) => [d.arm, d.config, signed(d.recall5), signed(d.recall10), d.met === null ? '–' : d.met ? 'met' : '**missed**']),
      ),
      '',
    );
  }
  lines.push('Latency: Limbic rows are client-side wall time of one recall over HTTP (server `tookMs` in the JSON); baseline rows are in-process (cosine includes embedding the query).');
  lines.push('', `Timings (s): ${Object.entries(header.timings).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}.`);
  for (const n of header.notes) lines.push(`- ${n}`);
  return lines.join('\n') + '\n';
}
