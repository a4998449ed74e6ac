import type { RecallItem, RecallResult, Signals } from '@limbic/client';
import { renderTable, type Column } from './table';

/** How many weighted signals --explain shows per item: the few that decided it. */
const TOP_SIGNALS = 4;

const COLUMNS: readonly Column[] = [
  { header: 'rank', align: 'right' },
  { header: 'score', align: 'right' },
  { header: 'memory' },
  { header: 'content', flex: true },
];

export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** The largest weighted signals (weight × signal, the parts the score sums), largest first. */
export function topSignals(weighted: Signals, count = TOP_SIGNALS): [string, number][] {
  return Object.entries(weighted)
    .filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count);
}

/** `seed 1a2b3c4d —TEMPORAL→ 5e6f7a8b  (activation 0.412)`: how spreading reached the memory. */
export function activationLine(activation: NonNullable<NonNullable<RecallItem['explanation']>['activation']>): string {
  const [seed, ...rest] = activation.path;
  const hops = rest.map((id, i) => ` —${activation.edgeTypes[i] ?? '?'}→ ${shortId(id)}`).join('');
  const what = rest.length === 0 ? ' (a seed)' : hops;
  return `seed ${shortId(seed ?? activation.seedId)}${what}  (activation ${activation.activation.toFixed(3)})`;
}

function explainLines(item: RecallItem): string[] {
  const e = item.explanation;
  if (!e) return [];
  const signals = topSignals(e.weighted).map(([name, v]) => `${name} ${v.toFixed(3)}`);
  const lines = [`signals  ${signals.length ? signals.join(' · ') : 'none above 0'}`];
  lines.push(e.activation ? `path     ${activationLine(e.activation)}` : `path     none (found directly${item.pass1Rank !== null ? `, pass-1 rank ${item.pass1Rank}` : ''})`);
  return lines;
}

/** The recall as a table (with --explain, two indented lines under each row), then its recallId for feedback. */
export function formatRecall(result: RecallResult, width: number): string[] {
  const head = `recall ${result.recallId} · ${result.queryType} query · weights: ${result.weightSource} · ${result.items.length} item${result.items.length === 1 ? '' : 's'}${result.energyCut > 0 ? ` (${result.energyCut} cut for low energy)` : ''} · ${Math.round(result.tookMs)} ms`;
  if (result.items.length === 0) return [head, 'nothing recalled'];
  const rows = result.items.map((i) => [String(i.rank), i.score.toFixed(3), i.memory.id, i.memory.content]);
  const [header, ...body] = renderTable(COLUMNS, rows, width);
  const indent = ' '.repeat(6);
  const lines = [head, header ?? ''];
  body.forEach((row, n) => {
    lines.push(row);
    const item = result.items[n];
    if (item) lines.push(...explainLines(item).map((l) => indent + l));
  });
  lines.push(`feedback: limbic feedback ${result.recallId} <memory> used|ignored`);
  return lines;
}
