/**
 * LoCoMo retrieval benchmark (protocol: ../shared/bench/README.md) against the running API,
 * with the baselines computed in this process on the same texts.
 *
 *   npm run bench:locomo -- [--url http://127.0.0.1:4000/graphql] [--embedder auto|local|hash] …
 *
 * Run with --help for every option.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findRepoRoot, type Embedder } from '@limbic/embeddings';
import { BASELINES, BaselineRanker, baselineNote } from '../common/baseline-ranker';
import { intOption as int } from '../common/args';
import { benchEmbedder, parseEmbedderChoice, type EmbedderChoice } from '../common/bench-embedder';
import { GraphqlClient } from '../common/graphql';
import { detectCapabilities, LimbicApi, type RecallAnswer } from '../common/limbic-api';
import { scoreQuestion } from '../common/metrics';
import type { RecallConfig } from '../common/recall-configs';
import { baselineRows, configRow, runHeaderBase } from '../common/result-rows';
import { waitUntilSearchable } from '../common/wait-searchable';
import { RECALL_CONFIGS } from './configs';
import { loadDataset, type Question, type Sample } from './dataset';
import { breakdown } from './metrics';
import { markdown, type ConfigResult, type RunHeader } from './report';

const HELP = `LoCoMo retrieval benchmark for Limbic

  node dist/bench/locomo/run.js [options]     (npm run bench:locomo -- [options])

  --url URL              GraphQL endpoint of the running API (default http://127.0.0.1:4000/graphql)
  --api-key KEY          bearer key, when the API runs with LIMBIC_API_KEYS
  --embedder KIND        auto | local | hash: the embedder of the in-process cosine baseline; use the
                         server's (default auto: same rule and environment as the server)
  --data FILE            dataset (default <repo>/../shared/bench/locomo-dev.json; never copy it into the repo)
  --samples IDS          comma-separated sample ids (default: all)
  --configs NAMES        comma-separated recall configurations (default: ${RECALL_CONFIGS.map((c) => c.name).join(',')})
  --max-questions N      score only the first N questions per sample (smoke runs)
  --baselines-only       do not talk to the API
  --preset NAME          agent preset for createAgent (default: the API's default)
  --batch-size N         items per encodeBatch call (default 25)
  --parallel-samples N   samples encoded at the same time, each its own agent (default 2)
  --encode-concurrency N encode calls in flight per agent without encodeBatch (default 1 = the protocol's strict order)
  --stopwords on|off     English stop words in the BM25 tokenizer (default on)
  --no-speakers          encode turns without their speaker field (the content keeps its "Name:" prefix)
  --keep-agents          keep the benchmark's agents (default: delete them at the end, when the API has deleteAgent)
  --run-id ID            suffix of the agent ids (default: random); agents are locomo-<sample>-<run-id>
  --out DIR              results folder (default <repo>/bench/results)
`;

interface Options {
  url: string;
  apiKey: string | undefined;
  embedder: EmbedderChoice;
  data: string;
  samples: Set<string> | undefined;
  configs: RecallConfig[];
  maxQuestions: number;
  baselinesOnly: boolean;
  preset: string | undefined;
  batchSize: number;
  parallelSamples: number;
  encodeConcurrency: number;
  stopwords: boolean;
  speakers: boolean;
  runId: string;
  keepAgents: boolean;
  out: string;
}

function parseOptions(root: string): Options {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:4000/graphql' },
      'api-key': { type: 'string' },
      embedder: { type: 'string', default: 'auto' },
      data: { type: 'string', default: resolve(root, '..', 'shared', 'bench', 'locomo-dev.json') },
      samples: { type: 'string' },
      configs: { type: 'string' },
      'max-questions': { type: 'string', default: '0' },
      'baselines-only': { type: 'boolean', default: false },
      preset: { type: 'string' },
      'batch-size': { type: 'string', default: '25' },
      'parallel-samples': { type: 'string', default: '2' },
      'encode-concurrency': { type: 'string', default: '1' },
      stopwords: { type: 'string', default: 'on' },
      'no-speakers': { type: 'boolean', default: false },
      'run-id': { type: 'string' },
      'keep-agents': { type: 'boolean', default: false },
      out: { type: 'string', default: join(root, 'bench', 'results') },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const embedder = parseEmbedderChoice(values.embedder);
  const wanted = values.configs?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted?.filter((n) => !RECALL_CONFIGS.some((c) => c.name === n)) ?? [];
  if (unknown.length) throw new Error(`unknown --configs ${unknown.join(', ')} (known: ${RECALL_CONFIGS.map((c) => c.name).join(', ')})`);
  return {
    url: values.url,
    apiKey: values['api-key'],
    embedder,
    data: resolve(values.data),
    samples: values.samples ? new Set(values.samples.split(',').map((s) => s.trim())) : undefined,
    configs: wanted ? RECALL_CONFIGS.filter((c) => wanted.includes(c.name)) : [...RECALL_CONFIGS],
    maxQuestions: int('max-questions', values['max-questions'], 0),
    baselinesOnly: values['baselines-only'],
    preset: values.preset,
    batchSize: int('batch-size', values['batch-size'], 1),
    parallelSamples: int('parallel-samples', values['parallel-samples'], 1),
    encodeConcurrency: int('encode-concurrency', values['encode-concurrency'], 1),
    stopwords: values.stopwords !== 'off',
    speakers: !values['no-speakers'],
    runId: values['run-id'] ?? `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(3).toString('hex')}`,
    keepAgents: values['keep-agents'],
    out: resolve(values.out),
  };
}

const log = (msg: string) => process.stderr.write(`[locomo] ${msg}\n`);
const seconds = (since: number) => (performance.now() - since) / 1000;

interface QuestionRecord {
  sample: string;
  index: number;
  category: number;
  question: string;
  gold: readonly string[];
  ranked: Record<string, string[]>;
  weightSource?: string | null;
  queryType?: string | null;
}

async function main(): Promise<void> {
  const root = findRepoRoot(__dirname);
  const opts = parseOptions(root);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const timings: Record<string, number> = {};
  const notes: string[] = [];

  if (!existsSync(opts.data)) throw new Error(`dataset not found: ${opts.data} (pass --data)`);
  const dataset = loadDataset(opts.data, opts.samples);
  if (dataset.samples.length === 0) throw new Error(`no samples selected from ${opts.data}`);
  const questionsOf = (s: Sample): readonly Question[] => (opts.maxQuestions > 0 ? s.questions.slice(0, opts.maxQuestions) : s.questions);
  const allQuestions = dataset.samples.flatMap(questionsOf);
  log(`${dataset.samples.length} samples, ${dataset.samples.reduce((n, s) => n + s.turns.length, 0)} turns, ${allQuestions.length} questions`);

  const embedder: Embedder = benchEmbedder(opts.embedder, log);
  log(`baseline embedder ${embedder.name} (${embedder.dimension}-d); start the API with the same LIMBIC_EMBEDDER`);

  const ranked = new Map<string, QuestionRecord>();
  const record = (q: Question): QuestionRecord => {
    const key = `${q.sampleId}#${q.index}`;
    let r = ranked.get(key);
    if (!r) ranked.set(key, (r = { sample: q.sampleId, index: q.index, category: q.category, question: q.text, gold: q.gold, ranked: {} }));
    return r;
  };

  // ---- Limbic over the API -------------------------------------------------------------
  const limbic: { config: RecallConfig; unavailable: string | null; latencies: number[]; server: number[]; errors: number }[] = [];
  let encodeVia: string | null = null;
  if (!opts.baselinesOnly) {
    const client = new GraphqlClient(opts.url, opts.apiKey);
    const caps = await detectCapabilities(client).catch((err: unknown) => {
      throw new Error(`cannot introspect ${opts.url} (is the API running? npm start, or --baselines-only): ${(err as Error).message}`);
    });
    const api = new LimbicApi(client, caps);
    log(`API capabilities: encodeBatch ${caps.encodeBatch ? 'yes' : 'no'}, RecallInput {${[...caps.recallFields.keys()].join(', ')}}, profiles {${[...caps.profiles].join(', ')}}`);
    if (opts.preset && caps.presets.size && !caps.presets.has(opts.preset)) throw new Error(`--preset ${opts.preset} is not one of ${[...caps.presets].join(', ')}`);

    let t = performance.now();
    const agentOf = (s: Sample) => `locomo-${s.id}-${opts.runId}`;
    // A few samples at a time (separate agents), each sample's turns in order.
    const vias: string[] = [];
    let nextSample = 0;
    const encodeWorker = async () => {
      while (nextSample < dataset.samples.length) {
        const s = dataset.samples[nextSample++]!;
        const t0 = performance.now();
        await api.createAgent(agentOf(s), opts.preset);
        const turns = opts.speakers ? s.turns : s.turns.map(({ speaker: _, ...t }) => t);
        vias.push(await api.encodeTurns(agentOf(s), turns, { batchSize: opts.batchSize, concurrency: opts.encodeConcurrency }));
        log(`encoded ${s.turns.length} turns of ${s.id} as ${agentOf(s)} via ${vias.at(-1)} in ${seconds(t0).toFixed(1)} s`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(opts.parallelSamples, dataset.samples.length) }, encodeWorker));
    encodeVia = vias[0] ?? null;
    timings.encode = seconds(t);

    t = performance.now();
    await Promise.all(dataset.samples.map((s) => waitUntilSearchable(api, agentOf(s), s.turns.at(-1)!, log, s.now.toISOString())));
    timings.settle = seconds(t);

    for (const c of opts.configs) limbic.push({ config: c, unavailable: null, latencies: [], server: [], errors: 0 });
    t = performance.now();
    let done = 0;
    // Question by question, every configuration in turn: recall has effects on the agent
    // (energy, access counts, priming), so interleaving gives each configuration the same state.
    for (const s of dataset.samples) {
      for (const q of questionsOf(s)) {
        const rec = record(q);
        let defaultAnswer: RecallAnswer | null = null;
        for (const entry of limbic) {
          const plan = entry.config.plan(caps, defaultAnswer);
          if ('unavailable' in plan) {
            entry.unavailable ??= plan.unavailable;
            continue;
          }
          try {
            const answer = await api.recall({ agentId: agentOf(s), query: q.text, topK: 10, now: s.now.toISOString(), ...plan.input });
            if (entry.config.name === 'default') {
              defaultAnswer = answer;
              rec.weightSource = answer.weightSource;
              rec.queryType = answer.queryType;
            }
            entry.latencies.push(answer.clientMs);
            if (answer.serverMs !== null) entry.server.push(answer.serverMs);
            rec.ranked[`limbic:${entry.config.name}`] = answer.items.map((i) => i.externalId ?? '');
          } catch (err) {
            entry.errors++;
            rec.ranked[`limbic:${entry.config.name}`] = [];
            if (entry.errors <= 3) log(`${entry.config.name}: ${(err as Error).message}`);
          }
        }
        if (++done % 100 === 0) log(`recalled ${done}/${allQuestions.length} questions`);
      }
    }
    timings.recall = seconds(t);
    if (!opts.keepAgents) {
      // Old benchmark agents would weigh on the shared indexes (fulltext statistics, vector index).
      t = performance.now();
      const deleted = await Promise.all(
        dataset.samples.map((s) =>
          api.deleteAgent(agentOf(s)).catch((err: unknown) => {
            log(`WARNING could not delete ${agentOf(s)}: ${(err as Error).message}`);
            return false;
          }),
        ),
      );
      timings.cleanup = seconds(t);
      notes.push(deleted.every(Boolean) ? 'The run\'s agents were deleted afterwards (--keep-agents keeps them).' : 'Some of the run\'s agents were kept (no deleteAgent, or it failed).');
    }
    notes.push(`agents locomo-<sample>-${opts.runId}; turns of one sample encoded in order (${encodeVia}${encodeVia === 'encode' ? `, ${opts.encodeConcurrency} in flight` : `, ${opts.batchSize} per call`}), ${opts.parallelSamples} samples at a time.`);
    notes.push(opts.speakers && caps.encodeFields.has('speaker') ? 'Each turn encoded with its speaker.' : 'Turns encoded without a speaker field (their content still starts with the speaker\'s name).');
    notes.push('Recall configurations interleaved per question (the default first), one request at a time; topK 10, now = last session + 1 day.');
  }

  // ---- Baselines in this process -------------------------------------------------------
  const tb = performance.now();
  const base = { cosine: [] as number[], bm25: [] as number[], rrf: [] as number[] };
  for (const s of dataset.samples) {
    const ranker = await BaselineRanker.build(embedder, s.turns.map((x) => ({ id: x.id, text: x.content })), opts.stopwords);
    for (const q of questionsOf(s)) {
      const rec = record(q);
      const answer = await ranker.rank(q.text);
      for (const name of BASELINES) {
        base[name].push(answer.ms[name]);
        rec.ranked[`baseline:${name}`] = answer.top[name];
      }
    }
  }
  timings.baselines = seconds(tb);
  notes.push(baselineNote('per conversation', embedder.name, opts.stopwords));

  // ---- Scores ---------------------------------------------------------------------------
  const records = [...ranked.values()];
  const score = (key: string) =>
    breakdown(records.filter((r) => r.ranked[key] !== undefined).map((r) => ({ category: r.category as 1 | 2 | 3 | 4, scores: scoreQuestion(r.ranked[key]!, r.gold) })));
  const results: ConfigResult[] = [
    ...limbic.map((e) => configRow(e, () => score(`limbic:${e.config.name}`))),
    ...baselineRows(embedder.name, score, base),
  ];
  timings.total = seconds(started);

  const header: RunHeader = {
    ...runHeaderBase(root, { runId: opts.runId, startedAt, url: opts.baselinesOnly ? null : opts.url, embedder: embedder.name, dataPath: opts.data, datasetSha256: dataset.sha256, timings, notes }),
    questions: records.length,
    dropped: dataset.samples.reduce((n, s) => n + s.droppedQuestions, 0),
    turns: dataset.samples.reduce((n, s) => n + s.turns.length, 0),
    samples: dataset.samples.map((s) => s.id),
    encodeVia,
  };
  const md = markdown(header, results);
  mkdirSync(opts.out, { recursive: true });
  const stamp = startedAt.replace(/[:.]/g, '-');
  const jsonPath = join(opts.out, `locomo-${stamp}.json`);
  writeFileSync(jsonPath, JSON.stringify({ ...header, configs: results, questions: records }, null, 1));
  writeFileSync(join(opts.out, 'locomo-latest.md'), md);
  process.stdout.write(md);
  log(`wrote ${relative(root, jsonPath)} and ${relative(root, join(opts.out, 'locomo-latest.md'))} in ${timings.total.toFixed(1)} s`);
}

main().catch((err: unknown) => {
  process.stderr.write(`[locomo] FAILED: ${(err as Error).message}\n`);
  process.exit(1);
});
