/**
 * What the local model adds to every encode and recall: one text embedded alone (the default
 * path: a recall embeds its query, an encode its content), per model, interleaved so both see
 * the same machine. Texts are the LoCoMo dev questions and turns (read from ../shared/bench).
 *
 *   npm run build && node dist/bench/embed/query-embed.js [--n 200]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_MODELS } from '@limbic/config';
import { findRepoRoot, isLocalModelDir, LocalEmbedder, localModelDir } from '@limbic/embeddings';
import { loadDataset } from '../locomo/dataset';
import { fmt, percentile } from '../common/stats';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { n: { type: 'string', default: '200' } } });
  const n = Math.max(10, Number(values.n));
  const root = findRepoRoot(__dirname);
  const data = join(root, '..', 'shared', 'bench', 'locomo-dev.json');
  if (!existsSync(data)) throw new Error(`dataset not found: ${data}`);
  const samples = loadDataset(data).samples;
  const questions = samples.flatMap((s) => s.questions.map((q) => q.text)).slice(0, n);
  const turns = samples.flatMap((s) => s.turns.map((t) => t.content)).slice(0, n);
  const models = LOCAL_MODELS.filter((m) => isLocalModelDir(localModelDir(null, m)));
  if (models.length === 0) throw new Error('no local model fetched (npm run fetch-model all)');
  const embedders = models.map((m) => new LocalEmbedder({ modelDir: localModelDir(null, m) }));
  for (const e of embedders) await e.embed(questions.slice(0, 20));
  const times = new Map<string, { query: number[]; turn: number[] }>(models.map((m) => [m, { query: [], turn: [] }]));
  for (let i = 0; i < n; i++) {
    for (const [j, e] of embedders.entries()) {
      const t = times.get(models[j]!)!;
      for (const [text, into] of [
        [questions[i % questions.length]!, t.query],
        [turns[i % turns.length]!, t.turn],
      ] as const) {
        const start = performance.now();
        await e.embed([text]);
        into.push(performance.now() - start);
      }
    }
  }
  console.log(`one text embedded alone, ${n} each, models interleaved (ms p50 / p99)`);
  for (const [model, t] of times) {
    console.log(`${model.padEnd(20)} question ${fmt(percentile(t.query, 50))} / ${fmt(percentile(t.query, 99))}   turn ${fmt(percentile(t.turn, 50))} / ${fmt(percentile(t.turn, 99))}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
