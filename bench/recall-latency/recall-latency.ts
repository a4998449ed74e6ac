// Recall latency benchmark (not a test). Bulk-loads agents of 1k, 10k and 100k memories with
// resonance edges straight into Neo4j (UNWIND batches through the driver — an equivalent
// graph, not encoded through the API, which would take far longer), starts the built API with
// the hash embedder, and prints p50/p99 of `recall` over HTTP with spreading on (two hops)
// and off, next to a plain vector-index query over Bolt as the floor. Deletes its tenant's
// data at the end, also on failure.
//
//   npm run build && node dist/bench/recall-latency/recall-latency.js [--sizes 1000,10000,100000] [--runs 200]
//   (LIMBIC_DIST=dist-recall to use another build folder)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import neo4j, { type Driver } from 'neo4j-driver';
import { lexiconDelta } from '@limbic/affect';
import { HashEmbedder } from '@limbic/embeddings';
import { fetchReused } from '../common/fetch-reused';
import { DELETE_AGENT, stopChild } from '../common/api-process';
import { benchQueuePrefix, deleteBenchQueues } from '../common/bench-queues';
import { rng } from '../common/rng';
import { formatShare, settleOutcome, warmUntilJitSettles } from '../common/jit-settle';
import { waitForNeo4jIdle } from '../common/neo4j-idle';
import { arg, flag } from '../common/args';

const ROOT = join(__dirname, '..', '..', '..');
const SOURCE_DIR = join(ROOT, 'bench', 'recall-latency');
const DIST = process.env.LIMBIC_DIST ?? 'dist';
/** The checkout whose runtime/neo4j serves the bench (its pid file and index files): another build's, measured back to back. */
const NEO4J_ROOT = process.env.BENCH_NEO4J_ROOT ?? ROOT;
const DB = process.env.NEO4J_DATABASE ?? 'neo4j';
const DIM = 384;
const EDGE_TYPES = ['SEMANTIC', 'EMOTIONAL', 'TEMPORAL', 'CAUSAL', 'CONTRASTIVE'] as const;
const BATCH = 2000;

const SIZES = arg('sizes', '1000,10000,100000').split(',').map(Number);
const RUNS = Number(arg('runs', '200'));
/** For quick iterations: reuse a tenant a `--keep` run left behind instead of loading again. */
const REUSE_TENANT = arg('tenant', '');
const KEEP = flag('keep') || REUSE_TENANT !== '';
/**
 * Calls before each measurement. A few hundred: after a Neo4j restart the spread query ran
 * 130 → 59 → 34 → 28 → 22 ms over its first blocks of 30 calls and took a few hundred to
 * settle (JIT); the bench measures the steady state, not the warm-up.
 */
const WARMUP = Number(arg('warmup', '200'));
/**
 * Before each size's measurements, rounds of 100 recalls (spreading on and off in turn) until
 * Neo4j's JIT compiler spends less than this share of a round compiling, JIT_QUIET_ROUNDS
 * times in a row, at most JIT_MAX_S (bench/common/jit-settle.ts). With only the fixed warm-up,
 * the compiler still took 20–90 % of the wall time while the 100k figures were measured
 * (2026-11-30, 05:34). Under 10 % twice in a row was not settled either: a run that stopped
 * there still saw compile bursts of 20–49 % in its last rounds (bench README).
 * Hence 5 %, three times in a row.
 */
const JIT_SHARE = Number(arg('jit-share', '0.05'));
const JIT_QUIET_ROUNDS = Number(arg('jit-quiet-rounds', '3'));
const JIT_MAX_S = Number(arg('jit-max', '300'));
/** Longest wait for Neo4j to go idle after a bulk load (see settle). */
const SETTLE_MAX_S = Number(arg('settle', '300'));
/** Load the sizes (and wait for Neo4j to settle), measure nothing: isolation.sh prepares its servers so. */
const LOAD_ONLY = flag('load-only');
/** First delete this agent of the tenant through the API (deleteAgent, as a user would) and wait for Neo4j to settle. */
const DELETE_FIRST = arg('delete-agent', '');
/** After the sizes: the smallest agent beside the largest, and again after the largest is deleted. */
const SCENARIOS = !flag('no-scenarios');
/** At most this many throwaway writes to set off merges a bulk load left pending (see settle). */
const MERGE_TOUCHES_MAX = Number(arg('merge-touches', '8'));

const random = rng(42);
/** Seed of each size's query draw (plus the size). */
const QUERY_SEED = 7;
const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'on', 'bra', 'sul', 'vex', 'dor', 'pi', 'nam', 'qua', 'ri', 'zel', 'to', 'gam'];
const VOCABULARY = Array.from({ length: 3000 }, () => {
  const n = 2 + Math.floor(random() * 3);
  return Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join('');
});
const wordWith = (next: () => number): string => VOCABULARY[Math.floor(Math.pow(next(), 1.6) * VOCABULARY.length)] as string;
const word = (): string => wordWith(random);
const sentence = (n: number): string => Array.from({ length: n }, word).join(' ');

const embedder = new HashEmbedder(DIM);

/** Bulk writes on a busy shared database may deadlock with other work: retry them. */
async function write(driver: Driver, text: string, params: Record<string, unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await driver.executeQuery(text, params, { database: DB });
      return;
    } catch (err) {
      if (attempt >= 8 || !String((err as { code?: unknown }).code ?? '').startsWith('Neo.TransientError')) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

async function loadAgent(driver: Driver, tenantId: string, agentId: string, size: number): Promise<void> {
  const t0 = Date.UTC(2024, 0, 1);
  const ids: string[] = [];
  const contents: string[] = [];
  for (let start = 0; start < size; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(size, start + BATCH); i++) {
      const id = randomUUID();
      ids.push(id);
      const content = sentence(8 + Math.floor(random() * 10));
      rows.push({
        id,
        content,
        embedding: embedder.embedOne(content),
        occurredAt: t0 + i * 60_000,
        valence: random() * 2 - 1,
        arousal: random(),
        importance: 0.1 + random() * 0.8,
      });
    }
    await write(
      driver,
      `UNWIND $rows AS r
       CREATE (m:Memory {id: r.id, tenantId: $tenantId, agentId: $agentId, content: r.content, embedding: r.embedding,
         occurredAt: datetime({epochMillis: toInteger(r.occurredAt)}), encodedAt: datetime({epochMillis: toInteger(r.occurredAt)}),
         valence: r.valence, arousal: r.arousal, dominance: 0.5, importance: r.importance, tags: [], accessCount: 0,
         pendingAppraisal: false, archived: false, moodAtEncoding: [0.0, 0.3, 0.5], consolidation: 0.8})`,
      { rows, tenantId, agentId },
    );
    contents.push(...rows.map((r) => r.content));
  }
  // What encoding keeps beside the memories and recall reads on its default path: the temporal
  // chain (each memory to the next; the episodeLexical signal walks it) and the agent's term
  // statistics (the lexical signals' BM25; without them recall falls back to the index's scores
  // and reads no episodes).
  for (let start = 0; start + 1 < size; start += BATCH * 2) {
    const links = ids.slice(start, Math.min(size, start + BATCH * 2 + 1));
    await write(
      driver,
      `UNWIND range(0, size($ids) - 2) AS i
       MATCH (a:Memory {id: $ids[i]}), (b:Memory {id: $ids[i + 1]})
       CREATE (a)-[:TEMPORAL {tenantId: $tenantId, agentId: $agentId, weight: 0.5, chain: true, coActivations: 0,
         createdAt: b.occurredAt, strengthenedAt: b.occurredAt}]->(b)`,
      { ids: links, tenantId, agentId },
    );
  }
  const lexicon = lexiconDelta(contents);
  await write(driver, `MATCH (a:Agent {tenantId: $tenantId, id: $agentId}) SET a.lexDocs = $docs, a.lexTerms = $terms`, { tenantId, agentId, docs: lexicon.docs, terms: lexicon.terms });
  for (let start = 0; start < lexicon.df.length; start += BATCH) {
    await write(
      driver,
      `UNWIND $df AS d CREATE (:LexTerm {tenantId: $tenantId, agentId: $agentId, term: d.term, df: d.df})`,
      { df: lexicon.df.slice(start, start + BATCH), tenantId, agentId },
    );
  }
  // About three edges per memory, mostly to neighbours in time, as encoding would make.
  for (const type of EDGE_TYPES) {
    const edges: { a: string; b: string; w: number }[] = [];
    for (let i = 0; i < size; i++) {
      if (random() > 0.6) continue;
      const j = random() < 0.8 ? i + 1 + Math.floor(random() * 20) : Math.floor(random() * size);
      if (j >= size || j === i) continue;
      edges.push({ a: ids[i] as string, b: ids[j] as string, w: 0.2 + random() * 0.7 });
    }
    for (let start = 0; start < edges.length; start += BATCH * 2) {
      // Relationship types cannot be parameters; `type` comes from the closed list above.
      await write(
        driver,
        `UNWIND $edges AS e
         MATCH (a:Memory {id: e.a}), (b:Memory {id: e.b})
         CREATE (a)-[:${type} {tenantId: $tenantId, agentId: $agentId, weight: e.w, coActivations: 0,
           createdAt: a.occurredAt, strengthenedAt: a.occurredAt}]->(b)`,
        { edges: edges.slice(start, start + BATCH * 2), tenantId, agentId },
      );
    }
  }
}

function startApi(port: number, key: string, tenantId: string, queuePrefix: string): ChildProcess {
  return spawn(process.execPath, [resolve(ROOT, DIST, 'apps', 'api', 'src', 'main.js')], {
    cwd: ROOT,
    // A benchmark measures capacity: the tenant rate limit (on with API keys) stays off unless asked for.
    env: { LIMBIC_RATE_LIMIT_COST_PER_SEC: '0', ...process.env, LIMBIC_PORT: String(port), LIMBIC_API_KEYS: `${key}:${tenantId}`, LIMBIC_EMBEDDER: 'hash', LIMBIC_HASH_DIM: String(DIM), LIMBIC_LOG_LEVEL: 'warn', LIMBIC_QUEUE_PREFIX: queuePrefix },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('API did not become ready');
}

async function gql(url: string, key: string, query: string, variables: Record<string, unknown>): Promise<unknown> {
  const res = await fetchReused(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function measure(runs: number, once: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i++) await once(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await once(i + WARMUP);
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * Waits until the local Neo4j is idle (< 0.15 cores for 5 s), or SETTLE_MAX_S pass. Every load
 * transaction adds a Lucene segment to the vector index and Lucene merges them in background
 * threads (factor 10, see runtime/neo4j/conf/neo4j.conf): measured while a merge runs, the bench
 * measures a core busy rebuilding HNSW graphs, not recall. The segment count printed is the
 * files on disk: segments a merge replaced stay there until Neo4j's next checkpoint and small
 * new ones live in memory (NRTCachingDirectory), so it is an upper bound, not the live count.
 * Without the local runtime (NEO4J_URI elsewhere) it does not wait.
 */
async function settle(driver: Driver): Promise<{ waited: number; segments: number; touches: number }> {
  const home = join(NEO4J_ROOT, 'runtime', 'neo4j');
  // Lucene segments of the vector index on disk (one .si file each); a merge
  // brings them back to a few.
  const vectorSegments = (): number => {
    try {
      const root = join(home, 'data', 'databases', DB, 'schema', 'index', readdirSync(join(home, 'data', 'databases', DB, 'schema', 'index')).find((d) => d.startsWith('vector-')) ?? 'vector-2.0');
      let n = 0;
      for (const index of readdirSync(root)) {
        for (const part of readdirSync(join(root, index), { withFileTypes: true })) {
          if (part.isDirectory()) n += readdirSync(join(root, index, part.name)).filter((f) => f.endsWith('.si')).length;
        }
      }
      return n;
    } catch {
      return 0;
    }
  };
  let waited = await waitForNeo4jIdle(NEO4J_ROOT, SETTLE_MAX_S);
  if (waited === null) return { waited: 0, segments: -1, touches: 0 };
  // A bulk load can end with merges pending: Lucene looks for merges only when a write
  // refreshes the index, and a merge that finishes does not start the next level's (bench
  // README). A live store keeps receiving writes, so write (and delete) one throwaway memory
  // until a write no longer sets a merge off — Neo4j idle at the first 5 s check.
  let touches = 0;
  while (touches < MERGE_TOUCHES_MAX) {
    touches += 1;
    await touchVectorIndex(driver);
    const more = (await waitForNeo4jIdle(NEO4J_ROOT, SETTLE_MAX_S)) ?? 0;
    waited += more;
    if (more <= 6) break;
  }
  return { waited, segments: vectorSegments(), touches };
}

/**
 * The worker's own vector index refresh (IndexMaintenanceRepository, run by the refresher after
 * writes go quiet): a system-tenant marker written and deleted in two transactions, nothing
 * left behind. The bench runs no worker, so it does the same itself, with the measured build's
 * own code and queries (a previous build's Cypher may not parse on this build's server or the
 * other way round).
 */
async function touchVectorIndex(driver: Driver): Promise<void> {
  const graph = createRequire(__filename)(resolve(ROOT, DIST, 'libs', 'graph', 'src', 'index.js')) as typeof import('@limbic/graph');
  const executor = new graph.Neo4jExecutor(driver, graph.QueryRegistry.load(join(graph.findCypherDir(), 'queries'), graph.QUERY_NAMES), { database: DB, txTimeoutMs: 30_000 });
  await new graph.IndexMaintenanceRepository(executor).refreshVectorIndex(DIM);
}

const RECALL = `query($input: RecallInput!) { recall(input: $input) { recallId items { score memory { id } } } }`;

/**
 * The floor: the agent's top 10 straight from the vector index over Bolt, without HTTP,
 * scoring or spreading. On a store with the filtered index (Neo4j 2026; schema 013's, or 009's
 * on a build before it) that is the SEARCH every recall makes; on one without (a 5.26 build
 * measured back to back) the unfiltered top 10 its recall started from.
 */
async function floorQuery(driver: Driver): Promise<string> {
  const { records } = await driver.executeQuery('SHOW VECTOR INDEXES YIELD name RETURN collect(name) AS names', {}, { database: DB });
  const names = (records[0]?.get('names') as string[] | undefined) ?? [];
  const filtered = ['memory_embedding_hnsw', 'memory_embedding_filtered', 'memory_embedding_by_agent'].find((n) => names.includes(n));
  return filtered
    ? `CYPHER 25 MATCH (m:Memory) SEARCH m IN (VECTOR INDEX ${filtered} FOR $e
         WHERE m.tenantId = $tenantId AND m.agentId = $agentId AND m.archived = false LIMIT 10) SCORE AS score RETURN m.id AS id, score`
    : `CALL db.index.vector.queryNodes('memory_embedding', 10, $e) YIELD node, score RETURN node.id AS id, score`;
}

interface Measured {
  readonly label: string;
  readonly byDefault: { p50: number; p99: number };
  readonly twoHops: { p50: number; p99: number };
  readonly noSpread: { p50: number; p99: number };
  readonly floor: { p50: number; p99: number };
  readonly load: string;
  /** Of the default path's recalls (warm-up and measured), how many spread over a graph the API holds (SpreadGraphCache). */
  readonly held: number;
  /** What the API holds for spreading after the measurements (limbic_spread_cache_held; a build without the gauge: '-'). */
  readonly holding: string;
}

async function metricsText(url: string): Promise<string> {
  return (await fetchReused(`${url}/metrics`)).text();
}

/** Spreads the API has run over a graph it holds (limbic_recall_spreads_total, cache and cache-lagging). */
async function heldSpreads(url: string): Promise<number> {
  const text = await metricsText(url);
  let n = 0;
  for (const [, count] of text.matchAll(/^limbic_recall_spreads_total\{path="cache(?:-lagging)?"[^}]*\} (\d+)/gm)) n += Number(count);
  return n;
}

/** Agents and edges the API holds for in-process spreading, as 'agents / edges'. */
async function heldGraphs(url: string): Promise<string> {
  const text = await metricsText(url);
  const value = (what: string) => new RegExp(`^limbic_spread_cache_held\\{what="${what}"[^}]*\\} (\\d+)`, 'm').exec(text)?.[1];
  const agents = value('agents');
  const edges = value('edges');
  return agents === undefined || edges === undefined ? '-' : `${agents} / ${Number(edges).toLocaleString('en-US')}`;
}

async function main(): Promise<void> {
  const driver = neo4j.driver(
    process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687',
    neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'),
    { disableLosslessIntegers: true },
  );
  const suffix = randomBytes(4).toString('hex');
  const tenantId = REUSE_TENANT || `bench_${suffix}`;
  const key = `bench-key-${suffix}-secret`;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const queuePrefix = benchQueuePrefix();
  const api = startApi(port, key, tenantId, queuePrefix);
  const measured: Measured[] = [];
  try {
    await waitReady(url);
    const floorText = await floorQuery(driver);
    if (DELETE_FIRST !== '') {
      const t0 = performance.now();
      await gql(url, key, DELETE_AGENT, { id: DELETE_FIRST });
      const settled = await settle(driver);
      console.log(`[bench] deleted ${DELETE_FIRST} in ${((performance.now() - t0) / 1000).toFixed(0)} s; Neo4j settled after ${settled.waited.toFixed(0)} s more`);
    }

    /** Settles Neo4j and the JIT, then measures the agent's recalls three ways and the floor. */
    const measureAgent = async (agentId: string, size: number, label: string, load: string): Promise<Measured> => {
      const settled = await settle(driver);
      if (settled.segments >= 0) {
        console.log(
          `[bench] measuring after ${settled.waited.toFixed(0)} s and ${settled.touches} touch write(s): vector index in ≤ ${settled.segments} Lucene segment(s) (files on disk)`,
        );
      }
      // Queries about something the agent remembers: a few words of a random memory plus one
      // word it may not contain (a query sharing nothing with any memory measures nothing).
      // The draw is seeded per size, so every run (fresh or --tenant) asks the same queries:
      // with `ORDER BY rand()` the sample alone moved a run's p50 (on one warm server, rounds of
      // 300 recalls over different query subsets read 23.8–29.3 ms at 100k; bench README).
      const { records } = await driver.executeQuery(
        'MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId}) RETURN m.content AS c ORDER BY c',
        { tenantId, agentId },
        { database: DB },
      );
      const contents = records.map((row) => String(row.get('c')));
      const pick = rng(QUERY_SEED + size);
      const queries = Array.from({ length: RUNS + WARMUP }, () => {
        const words = (contents[Math.floor(pick() * contents.length)] ?? '').split(' ');
        const start = Math.floor(pick() * Math.max(1, words.length - 4));
        return [...words.slice(start, start + 3 + Math.floor(pick() * 2)), wordWith(pick)].join(' ');
      });
      const vectors = queries.map((q) => embedder.embedOne(q));
      // The default path is what a user gets with no optional argument: a fresh agent (energy
      // 1, so 2 hops and 15 seeds), the real clock (the bench runs no worker, so no recall's
      // effects spend the agent's energy). The fixed rows replay one instant, so the agent's
      // energy, and with it the search breadth, stays put.
      const now = new Date(Date.UTC(2030, 0, 1)).toISOString();
      const byDefault = (i: number) => gql(url, key, RECALL, { input: { agentId, query: queries[i % queries.length] } });
      const fixed = (spread: Record<string, unknown>) => (i: number) =>
        gql(url, key, RECALL, { input: { agentId, query: queries[i % queries.length], topK: 10, now, spread } });
      const jit = await warmUntilJitSettles(
        driver,
        async (round) => {
          for (let k = 0; k < 100; k++) await (k % 3 === 0 ? byDefault : fixed(k % 3 === 1 ? { hops: 2 } : { enabled: false }))(round * 100 + k);
        },
        { maxShare: JIT_SHARE, settledRounds: JIT_QUIET_ROUNDS, minRounds: 3, maxSeconds: JIT_MAX_S },
      );
      const shares = jit.shares.map(formatShare).join(' / ');
      console.log(`[bench] JIT warm-up: ${jit.rounds} rounds of 100 recalls in ${jit.seconds.toFixed(0)} s, ${settleOutcome(jit)}; compiler's share per round: ${shares}`);
      const heldBefore = await heldSpreads(url);
      const defaultPath = await measure(RUNS, byDefault);
      const held = (await heldSpreads(url)) - heldBefore;
      const m: Measured = {
        label,
        load,
        held,
        byDefault: defaultPath,
        twoHops: await measure(RUNS, fixed({ hops: 2 })),
        noSpread: await measure(RUNS, fixed({ enabled: false })),
        floor: await measure(RUNS, (i) =>
          driver.executeQuery(floorText, { e: vectors[i % vectors.length], tenantId, agentId }, { database: DB, routing: neo4j.routing.READ }),
        ),
        holding: await heldGraphs(url),
      };
      console.log(formatRow(m));
      return m;
    };

    for (const size of SIZES) {
      const agentId = `agent-${size}`;
      const loadStart = performance.now();
      const existing = await driver.executeQuery(
        'MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId}) RETURN count(m) AS n',
        { tenantId, agentId },
        { database: DB },
      );
      if (Number(existing.records[0]?.get('n') ?? 0) !== size) {
        await gql(url, key, `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`, { id: agentId });
        await loadAgent(driver, tenantId, agentId, size);
      }
      await driver.executeQuery('CALL db.awaitIndexes(600)', {}, { database: DB });
      const loadS = (performance.now() - loadStart) / 1000;
      if (LOAD_ONLY) {
        const settled = await settle(driver);
        console.log(`[bench] loaded ${agentId} in ${loadS.toFixed(0)} s; Neo4j settled after ${settled.waited.toFixed(0)} s more`);
        continue;
      }
      measured.push(await measureAgent(agentId, size, `${size.toLocaleString('en-US')}`, `${loadS.toFixed(0)} s`));
    }
    // The small agent again, now that the largest agent is in the same index, and once more
    // after that agent is deleted through the API (deleteAgent, as a user would).
    const smallest = Math.min(...SIZES);
    const largest = Math.max(...SIZES);
    if (SCENARIOS && !LOAD_ONLY && SIZES.length > 1) {
      measured.push(await measureAgent(`agent-${smallest}`, smallest, `${smallest.toLocaleString('en-US')}, beside ${largest.toLocaleString('en-US')} of another agent`, ''));
      const t0 = performance.now();
      await gql(url, key, DELETE_AGENT, { id: `agent-${largest}` });
      const deleteS = (performance.now() - t0) / 1000;
      measured.push(await measureAgent(`agent-${smallest}`, smallest, `${smallest.toLocaleString('en-US')}, after deleting the ${largest.toLocaleString('en-US')}`, `delete ${deleteS.toFixed(0)} s`));
    }
  } finally {
    await stopChild(api);
    await deleteBenchQueues(queuePrefix); // its recall-effects jobs: no worker, and the tenant goes
    if (KEEP) console.log(`kept tenant ${tenantId}: rerun with --tenant ${tenantId}`);
    const session = driver.session({ database: DB });
    try {
      if (!KEEP) await session.run('MATCH (n {tenantId: $tenantId}) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 2000 ROWS', { tenantId });
    } finally {
      await session.close();
      await driver.close();
    }
  }
  if (measured.length === 0) return;
  const table = [
    `API build: ${DIST}; ${process.env.BENCH_LABEL ?? ''}`,
    '',
    '| memories in the agent | recall p50, default (ms) | p99 | p50, 2 hops | p99 | p50, no spreading | p99 | vector index p50 | p99 | load | default path spread over the held graph | graphs the API holds (agents / edges) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...measured.map(formatRow),
  ].join('\n');
  console.log(`\n${table}\n`);
  writeFileSync(join(SOURCE_DIR, 'last-run.md'), `${table}\n`);
}

function formatRow(m: Measured): string {
  const f = (x: { p50: number; p99: number }) => `${x.p50.toFixed(1)} | ${x.p99.toFixed(1)}`;
  return `| ${m.label} | ${f(m.byDefault)} | ${f(m.twoHops)} | ${f(m.noSpread)} | ${f(m.floor)} | ${m.load} | ${m.held}/${RUNS + WARMUP} | ${m.holding} |`;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
