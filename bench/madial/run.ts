/**
 * MADial-Bench retrieval benchmark (protocol: ../shared/bench/README.md, "madial-dev/") against
 * the running API, with the baselines computed in this process on the same texts.
 *
 *   npm run bench:madial -- [--url http://127.0.0.1:4000/graphql] [--embedder auto|local|hash] …
 *
 * Run with --help for every option.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findRepoRoot } from '@limbic/embeddings';
import { BASELINES, BaselineRanker, baselineNote } from '../common/baseline-ranker';
import { benchEmbedder } from '../common/bench-embedder';
import { GraphqlClient } from '../common/graphql';
import { detectCapabilities, LimbicApi, type RecallAnswer } from '../common/limbic-api';
import { mean, scoreQuestion } from '../common/metrics';
import type { RecallConfig } from '../common/recall-configs';
import { baselineRows, configRow, runHeaderBase, type ConfigTally } from '../common/result-rows';
import { waitUntilSearchable } from '../common/wait-searchable';
import { startWorker } from '../common/worker-process';
import { EXPLORATIONS, madialConfigs, type AgentKind, type Arm } from './arms';
import { loadMadial, type MadialDialogue } from './dataset';
import { deltasToCosine, markdown, type ArmResult, type MadialHeader, type RowResult } from './report';
import { parseOptions, type Options } from './options';
import { encodeUser, waitForAppraisal } from './user-agent';

const log = (msg: string) => process.stderr.write(`[madial] ${msg}\n`);
const seconds = (since: number) => (performance.now() - since) / 1000;

interface DialogueRecord {
  readonly index: number;
  readonly gold: readonly string[];
  readonly query: string;
  readonly observed: number;
  /** `baseline:<name>` or `<arm>/<config>` → top-10 externalIds. */
  readonly ranked: Record<string, string[]>;
  readonly defaultRouting: Record<string, { weightSource: string | null; queryType: string | null }>;
}

interface Entry extends ConfigTally {
  readonly arm: Arm;
  readonly config: RecallConfig;
}

async function main(): Promise<void> {
  const root = findRepoRoot(__dirname);
  const opts = parseOptions(root);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const timings: Record<string, number> = {};
  const notes: string[] = [];

  if (!existsSync(join(opts.data, 'memory.jsonl'))) throw new Error(`dataset not found in ${opts.data} (pass --data)`);
  const data = loadMadial(opts.data, opts.maxDialogues);
  log(`${data.memories.length} memories, ${data.dialogues.length} dialogues`);
  const embedder = benchEmbedder(opts.embedder, log);
  log(`baseline embedder ${embedder.name} (${embedder.dimension}-d); start the API with the same LIMBIC_EMBEDDER`);

  const records: DialogueRecord[] = data.dialogues.map((d) => ({ index: d.index, gold: d.gold, query: d.query, observed: d.userUtterances.length, ranked: {}, defaultRouting: {} }));
  const entries: Entry[] = [];
  const armUnavailable = new Map<string, string>();

  if (!opts.baselinesOnly) {
    const client = new GraphqlClient(opts.url, opts.apiKey);
    const detected = await detectCapabilities(client).catch((err: unknown) => {
      throw new Error(`cannot introspect ${opts.url} (is the API running? or --baselines-only): ${(err as Error).message}`);
    });
    const api = new LimbicApi(client, detected);
    const caps = api.caps;
    log(`API capabilities: observe ${caps.observe}, resetState ${caps.resetState}, explicit affect ${caps.encodeFields.has('affect')}, profiles {${[...caps.profiles].join(', ')}}`);
    for (const arm of opts.arms) {
      if (!caps.resetState) armUnavailable.set(arm.name, 'the API has no resetState');
      else if (arm.observe && !caps.observe) armUnavailable.set(arm.name, 'the API has no observe');
      else if (arm.agent === 'explicit' && !caps.encodeFields.has('affect')) armUnavailable.set(arm.name, 'EncodeInput has no affect');
    }
    const runnable = opts.arms.filter((a) => !armUnavailable.has(a.name));
    const kinds = [...new Set(runnable.map((a) => a.agent))];
    const agentOf = (k: AgentKind) => `madial-u1-${k}-${opts.runId}`;

    let t = performance.now();
    const memoryIds: string[] = [];
    for (const k of kinds) {
      memoryIds.push(...(await encodeUser(api, agentOf(k), k, data.memories, opts.preset)));
      log(`encoded ${data.memories.length} memories as ${agentOf(k)}`);
    }
    timings.encode = seconds(t);

    t = performance.now();
    if (opts.appraisal !== 'skip') {
      const worker = opts.appraisal === 'spawn' ? startWorker({}) : null;
      const pending = await waitForAppraisal(api, memoryIds, opts.appraisalTimeoutS).finally(() => worker?.stop());
      if (pending > 0) log(`WARNING ${pending} memories still pending appraisal after ${opts.appraisalTimeoutS} s (is a worker running on the API's queue prefix?)`);
      notes.push(
        `Appraisal: ${opts.appraisal === 'spawn' ? 'a worker started for the encoding phase only (stopped before recall, so recall effects were not applied)' : 'waited for an external worker'}; ` +
          `${memoryIds.length - pending} of ${memoryIds.length} memories appraised before recall.`,
      );
    } else notes.push('Appraisal: not waited for (--appraisal skip).');
    await Promise.all(kinds.map((k) => waitUntilSearchable(api, agentOf(k), data.memories.at(-1)!, log, opts.now)));
    timings.appraisal = seconds(t);

    const wanted = opts.configs;
    const configs = wanted === null ? madialConfigs(caps.profiles) : [...madialConfigs(caps.profiles), ...EXPLORATIONS].filter((c) => wanted.has(c.name));
    for (const arm of runnable) for (const config of configs) entries.push({ arm, config, unavailable: null, latencies: [], server: [], errors: 0 });

    t = performance.now();
    for (const [i, d] of data.dialogues.entries()) {
      for (const k of kinds) {
        await recallDialogue(api, agentOf(k), d, records[i]!, entries.filter((e) => e.arm.agent === k), opts);
      }
      if ((i + 1) % 10 === 0) log(`recalled ${i + 1}/${data.dialogues.length} dialogues`);
    }
    timings.recall = seconds(t);

    if (!opts.keepAgents) {
      const deleted = await Promise.all(kinds.map((k) => api.deleteAgent(agentOf(k)).catch((err: unknown) => (log(`WARNING could not delete ${agentOf(k)}: ${(err as Error).message}`), false))));
      notes.push(deleted.every(Boolean) ? "The run's agents were deleted afterwards (--keep-agents keeps them)." : "Some of the run's agents were kept (no deleteAgent, or it failed).");
    }
    notes.push(
      `Agents ${kinds.map(agentOf).join(', ')}; memories encoded one at a time in date order, occurredAt = date 12:00 UTC. ` +
        `Per dialogue and agent: resetState, the no-observe arm's recalls, then observe of each user turn of the context, then the observe arm's recalls; ` +
        `configurations in turn, one request at a time, topK 10, now ${opts.now ?? 'unset (server clock)'}.`,
    );
  }

  const tb = performance.now();
  const ranker = await BaselineRanker.build(embedder, data.memories.map((m) => ({ id: m.id, text: m.content })), opts.stopwords);
  const baseMs = { cosine: [] as number[], bm25: [] as number[], rrf: [] as number[] };
  for (const [i, d] of data.dialogues.entries()) {
    const answer = await ranker.rank(d.query);
    for (const name of BASELINES) {
      baseMs[name].push(answer.ms[name]);
      records[i]!.ranked[`baseline:${name}`] = answer.top[name];
    }
  }
  timings.baselines = seconds(tb);
  notes.push(baselineNote("over the user's memories", embedder.name, opts.stopwords));
  notes.push('Query: the turns dialogue[1 : test-turn] joined with spaces, its last 2,000 characters; observed: the user\'s turns of that context, the text inside the quotes.');

  const score = (key: string) => mean(records.map((r) => scoreQuestion(r.ranked[key] ?? [], r.gold)));
  const baselines: RowResult[] = baselineRows(embedder.name, score, baseMs);
  const arms: ArmResult[] = opts.baselinesOnly
    ? []
    : opts.arms.map((arm) => {
        const unavailable = armUnavailable.get(arm.name);
        if (unavailable) return { arm, rows: [], unavailable };
        const rows = entries.filter((e) => e.arm === arm).map((e) => configRow(e, () => score(`${arm.name}/${e.config.name}`)));
        return { arm, rows };
      });
  const deltas = deltasToCosine(baselines[0]!.metrics!, arms);
  timings.total = seconds(started);

  const header: MadialHeader = {
    ...runHeaderBase(root, { runId: opts.runId, startedAt, url: opts.baselinesOnly ? null : opts.url, embedder: embedder.name, dataPath: opts.data, datasetSha256: data.sha256, timings, notes }),
    memories: data.memories.length,
    dialogues: data.dialogues.length,
    goldIds: data.dialogues.reduce((n, d) => n + d.gold.length, 0),
  };
  const md = markdown(header, baselines, arms, deltas);
  mkdirSync(opts.out, { recursive: true });
  const jsonPath = join(opts.out, `madial-${startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(jsonPath, JSON.stringify({ ...header, baselines, arms, deltas, dialogues: records }, null, 1));
  writeFileSync(join(opts.out, 'madial-latest.md'), md);
  process.stdout.write(md);
  log(`wrote ${relative(root, jsonPath)} and ${relative(root, join(opts.out, 'madial-latest.md'))} in ${timings.total.toFixed(1)} s`);
}

/**
 * One dialogue on one agent: resetState, the no-observe arm's configurations, then the user's
 * turns observed and the observe arm's configurations (each arm starts from the reset state).
 */
async function recallDialogue(api: LimbicApi, agentId: string, d: MadialDialogue, rec: DialogueRecord, entries: readonly Entry[], opts: Options): Promise<void> {
  await api.resetState(agentId);
  const phases = [false, true].filter((observe) => entries.some((e) => e.arm.observe === observe));
  for (const observe of phases) {
    if (observe) for (const text of d.userUtterances) await api.observe(agentId, text);
    let defaultAnswer: RecallAnswer | null = null;
    for (const entry of entries.filter((e) => e.arm.observe === observe)) {
      const key = `${entry.arm.name}/${entry.config.name}`;
      const plan = entry.config.plan(api.caps, defaultAnswer);
      if ('unavailable' in plan) {
        entry.unavailable ??= plan.unavailable;
        continue;
      }
      try {
        const answer = await api.recall({ agentId, query: d.query, topK: 10, ...(opts.now ? { now: opts.now } : {}), ...plan.input });
        if (entry.config.name === 'default') {
          defaultAnswer = answer;
          rec.defaultRouting[entry.arm.name] = { weightSource: answer.weightSource, queryType: answer.queryType };
        }
        entry.latencies.push(answer.clientMs);
        if (answer.serverMs !== null) entry.server.push(answer.serverMs);
        rec.ranked[key] = answer.items.map((i) => i.externalId ?? '');
      } catch (err) {
        entry.errors++;
        rec.ranked[key] = [];
        if (entry.errors <= 3) log(`${key}: ${(err as Error).message}`);
      }
    }
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[madial] FAILED: ${(err as Error).message}\n`);
  process.exit(1);
});
