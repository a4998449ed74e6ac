// Filtered recall benchmark (not a test; issue 19). Bulk-loads one agent (default 20,000
// memories, hash embeddings, about three resonance edges each) with scopes, tags and metadata of
// known selectivity straight into Neo4j, starts the built API with the hash embedder, and prints
// for each filter: p50/p99 of recall over HTTP (default path: no profile, spreading on), the
// recall@k of the semantic profile against a brute-force top k of the filtered set computed here
// from the stored embeddings (must be 1.0), and over Bolt the two ways AgentVectorSearch can answer
// a filter with tags or metadata: the index search with over-fetch (vector.agent-nearest-filtered)
// and the exact scan of the filtered set (vector.agent-nearest-exact). Deletes its tenant at the end.
//
//   npm run build && node dist/bench/recall-filters/recall-filters.js [--size 20000] [--runs 100] [--warmup 50] [--fetch 200]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import neo4j, { type Driver } from 'neo4j-driver';
import { LimbicClient, type MemoryFilterInput } from '@limbic/client';
import { HashEmbedder } from '@limbic/embeddings';
import { FILTER_TIME_MAX, FILTER_TIME_MIN, findCypherDir, metadataPair, NO_FILTER, NO_TIME_BOUND, QUERY_NAMES, QueryRegistry, storeMetadata, type MemoryFilter } from '@limbic/graph';
import { stopChild } from '../common/api-process';
import { arg } from '../common/args';
import { benchQueuePrefix, deleteBenchQueues } from '../common/bench-queues';
import { rng } from '../common/rng';
import { percentile } from '../common/stats';

const ROOT = join(__dirname, '..', '..', '..');
const DIST = process.env.LIMBIC_DIST ?? 'dist';
const DB = process.env.NEO4J_DATABASE ?? 'neo4j';
const DIM = 384;
const BATCH = 2000;
const SIZE = Number(arg('size', '20000'));
const RUNS = Number(arg('runs', '100'));
const WARMUP = Number(arg('warmup', '50'));
/** Queries whose recall@k is checked against the brute force, per filter. */
const CHECKS = Number(arg('checks', '30'));
/** Over-fetch of the Bolt comparison (AgentVectorSearch's FILTERED_FETCH_MIN). */
const FETCH = Number(arg('fetch', '200'));
const TOP_K = 10;
/** A recall of topK 10 asks each index for a pool of 30 (recall.service POOL_MIN). */
const POOL = 30;
const EDGE_TYPES = ['SEMANTIC', 'EMOTIONAL', 'TEMPORAL', 'CAUSAL', 'CONTRASTIVE'] as const;

const random = rng(19);
const VOCABULARY = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}`);
const word = (next: () => number) => VOCABULARY[Math.floor(Math.pow(next(), 1.6) * VOCABULARY.length)] as string;
const sentence = (n: number) => Array.from({ length: n }, () => word(random)).join(' ');
const embedder = new HashEmbedder(DIM);
const T0 = Date.UTC(2025, 0, 1);
const MINUTE = 60_000;

interface Loaded {
  readonly id: string;
  readonly embedding: number[];
  readonly scope: string;
  readonly tags: string[];
  readonly occurredAt: number;
  readonly metadata: Record<string, string>;
}

/**
 * Selectivities: scope one of four (25 %), tag "work" or "home" (50 %), tag "rare" 0.5 %, metadata
 * source chat/mail (50 %), batch "x" 0.25 %; occurredAt one memory a minute.
 */
function memoryAt(i: number): Loaded & { content: string } {
  const content = sentence(8 + Math.floor(random() * 10));
  return {
    id: randomUUID(),
    content,
    embedding: embedder.embedOne(content),
    scope: `user-${i % 4}`,
    tags: [i % 2 === 0 ? 'work' : 'home', ...(i % 200 === 7 ? ['rare'] : [])],
    occurredAt: T0 + i * MINUTE,
    metadata: { source: i % 3 === 0 ? 'chat' : 'mail', batch: i % 400 === 11 ? 'x' : 'y' },
  };
}

interface Case {
  readonly name: string;
  readonly selectivity: string;
  /** As the API takes it. */
  readonly input: MemoryFilterInput | null;
  /** As the graph compares (for the Bolt comparison). */
  readonly filter: MemoryFilter;
  readonly passes: (m: Loaded) => boolean;
}

const SPAN = (a: number, b: number) => ({ after: T0 + a * MINUTE, before: T0 + b * MINUTE });
const CASES: readonly Case[] = [
  { name: 'none', selectivity: '100 %', input: null, filter: NO_FILTER, passes: () => true },
  { name: 'scope', selectivity: '25 %', input: { scope: 'user-1' }, filter: { ...NO_FILTER, scope: 'user-1' }, passes: (m) => m.scope === 'user-1' },
  {
    name: 'scope + 10 % of the time',
    selectivity: '2.5 %',
    input: { scope: 'user-2', occurredAfter: new Date(SPAN(0, SIZE / 10).after).toISOString(), occurredBefore: new Date(SPAN(0, SIZE / 10).before).toISOString() },
    filter: { ...NO_FILTER, scope: 'user-2', ...SPAN(0, SIZE / 10) },
    passes: (m) => m.scope === 'user-2' && m.occurredAt < SPAN(0, SIZE / 10).before,
  },
  { name: 'tag, unselective', selectivity: '50 %', input: { tagsAny: ['work'] }, filter: { ...NO_FILTER, tagsAny: ['work'] }, passes: (m) => m.tags.includes('work') },
  { name: 'tag, selective', selectivity: '0.5 %', input: { tagsAny: ['rare'] }, filter: { ...NO_FILTER, tagsAny: ['rare'] }, passes: (m) => m.tags.includes('rare') },
  {
    name: 'metadata, unselective',
    selectivity: '33 %',
    input: { metadata: { source: 'chat' } },
    filter: { ...NO_FILTER, metadataPairs: [metadataPair('source', 'chat')] },
    passes: (m) => m.metadata.source === 'chat',
  },
  {
    name: 'metadata, selective',
    selectivity: '0.25 %',
    input: { metadata: { batch: 'x' } },
    filter: { ...NO_FILTER, metadataPairs: [metadataPair('batch', 'x')] },
    passes: (m) => m.metadata.batch === 'x',
  },
];

// The timed recall asks for ids only, as every earlier run did: the client's full selection
// would put serialisation of every memory field into the p50/p99 and break comparisons.
const RECALL = `query($input: RecallInput!) { recall(input: $input) { items { memory { id } } } }`;

async function main(): Promise<void> {
  const driver = neo4j.driver(
    process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687',
    neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'),
    { disableLosslessIntegers: true },
  );
  const suffix = randomBytes(4).toString('hex');
  const tenantId = `bench_${suffix}`;
  const key = `bench-key-${suffix}-secret`;
  const agentId = 'filtered';
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const url = `http://127.0.0.1:${port}`;
  const queuePrefix = benchQueuePrefix();
  const api = startApi(port, key, tenantId, queuePrefix);
  const rows: string[] = [];
  try {
    await waitReady(url);
    const limbic = new LimbicClient({ url, apiKey: key });
    await limbic.createAgent(agentId);
    const loadStart = performance.now();
    const memories = await load(driver, tenantId, agentId);
    await driver.executeQuery('CALL db.awaitIndexes(600)', {}, { database: DB });
    console.log(`[bench] loaded ${SIZE} memories in ${((performance.now() - loadStart) / 1000).toFixed(0)} s`);

    const queries = Array.from({ length: RUNS + WARMUP }, () => sentence(4));
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
    for (const c of CASES) {
      const matching = memories.filter(c.passes);
      // recall@k of the semantic profile (score = cosine) against the brute force.
      let found = 0;
      let wanted = 0;
      for (const q of queries.slice(0, CHECKS)) {
        const truth = bruteTop(matching, embedder.embedOne(q), TOP_K);
        const got = (await limbic.recall(agentId, q, { topK: TOP_K, profile: 'semantic', ...(c.input ? { filter: c.input } : {}) })).items.map((i) => i.memory.id);
        const t = new Set(truth);
        found += got.filter((id) => t.has(id)).length;
        wanted += truth.length;
        if (got.some((id) => !memories.find((m) => m.id === id && c.passes(m)))) throw new Error(`${c.name}: a recalled memory does not pass the filter`);
      }
      const http = await time((i) => recallIds(url, key, { agentId, query: queries[i]!, topK: TOP_K, ...(c.input ? { filter: c.input } : {}) }));
      // Bolt: what AgentVectorSearch's two answers to a list filter cost, for a pool of 30.
      const bolt = (name: 'vector.agent-nearest-filtered' | 'vector.agent-nearest-scoped' | 'vector.agent-nearest-exact') => (i: number) =>
        driver.executeQuery(
          registry.get(name),
          {
            tenantId,
            agentId,
            k: POOL,
            fetch: FETCH,
            withArchived: false,
            recallRows: true,
            filter: c.filter,
            occurredFrom: c.filter.after ?? FILTER_TIME_MIN,
            occurredTo: c.filter.before ?? FILTER_TIME_MAX,
            probes: [{ key: 'q', vector: embedder.embedOne(queries[i]!), memoryId: null, before: NO_TIME_BOUND }],
          },
          { database: DB },
        );
      const indexed = c.filter === NO_FILTER ? null : await time(bolt(c.filter.scope === null ? 'vector.agent-nearest-filtered' : 'vector.agent-nearest-scoped'));
      const exact = c.filter === NO_FILTER ? null : await time(bolt('vector.agent-nearest-exact'));
      const row = `| ${c.name} | ${c.selectivity} (${matching.length}) | ${f(http)} | ${(found / Math.max(1, wanted)).toFixed(3)} | ${indexed ? f(indexed) : '–'} | ${exact ? f(exact) : '–'} |`;
      console.log(row);
      rows.push(row);
    }
  } finally {
    await stopChild(api);
    await deleteBenchQueues(queuePrefix);
    const session = driver.session({ database: DB });
    try {
      await session.run('MATCH (n {tenantId: $tenantId}) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 2000 ROWS', { tenantId });
    } finally {
      await session.close();
      await driver.close();
    }
  }
  console.log(
    [
      '',
      `${SIZE.toLocaleString('en-US')} memories in one agent, topK ${TOP_K}, ${RUNS} recalls per row after ${WARMUP} warm-up, recall@${TOP_K} over ${CHECKS} queries; Bolt: pool of ${POOL}, over-fetch ${FETCH}`,
      '',
      '| filter | matching | recall p50 / p99 (ms, HTTP, default path) | recall@10 (semantic) | index search p50 / p99 (Bolt) | exact scan p50 / p99 (Bolt) |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
}

function f(x: { p50: number; p99: number }): string {
  return `${x.p50.toFixed(1)} / ${x.p99.toFixed(1)}`;
}

async function time(once: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i++) await once(RUNS + i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await once(i);
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

function bruteTop(memories: readonly Loaded[], q: readonly number[], k: number): string[] {
  return memories
    .map((m) => ({ id: m.id, score: dot(m.embedding, q) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, k)
    .map((h) => h.id);
}

/** Hash embeddings are unit vectors: the dot product is the cosine. */
function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

async function load(driver: Driver, tenantId: string, agentId: string): Promise<Loaded[]> {
  const all: Loaded[] = [];
  for (let start = 0; start < SIZE; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, SIZE - start) }, (_, j) => memoryAt(start + j));
    all.push(...batch);
    await driver.executeQuery(
      `UNWIND $rows AS r
       CREATE (m:Memory {id: r.id, tenantId: $tenantId, agentId: $agentId, content: r.content, embedding: r.embedding,
         occurredAt: datetime({epochMillis: toInteger(r.occurredAt)}), encodedAt: datetime({epochMillis: toInteger(r.occurredAt)}),
         valence: 0.0, arousal: 0.3, dominance: 0.5, importance: 0.5, tags: r.tags, scope: r.scope,
         metadata: r.metadata, metadataPairs: r.metadataPairs, accessCount: 0, pendingAppraisal: false, archived: false,
         moodAtEncoding: [0.0, 0.3, 0.5], consolidation: 0.8})`,
      { rows: batch.map((m) => ({ ...m, ...storeMetadata(m.metadata) })), tenantId, agentId },
      { database: DB },
    );
  }
  // About three edges per memory, mostly to neighbours in time, as encoding would make.
  for (const type of EDGE_TYPES) {
    const edges: { a: string; b: string; w: number }[] = [];
    for (let i = 0; i < SIZE; i++) {
      if (random() > 0.6) continue;
      const j = random() < 0.8 ? i + 1 + Math.floor(random() * 20) : Math.floor(random() * SIZE);
      if (j >= SIZE || j === i) continue;
      edges.push({ a: all[i]!.id, b: all[j]!.id, w: 0.2 + random() * 0.7 });
    }
    // Relationship types cannot be parameters; `type` comes from the closed list above.
    await driver.executeQuery(
      `UNWIND $edges AS e MATCH (a:Memory {id: e.a}), (b:Memory {id: e.b})
       CREATE (a)-[:${type} {tenantId: $tenantId, agentId: $agentId, weight: e.w, coActivations: 0, createdAt: a.occurredAt, strengthenedAt: a.occurredAt}]->(b)`,
      { edges, tenantId, agentId },
      { database: DB },
    );
  }
  return all;
}

function startApi(port: number, key: string, tenantId: string, queuePrefix: string): ChildProcess {
  return spawn(process.execPath, [resolve(ROOT, DIST, 'apps', 'api', 'src', 'main.js')], {
    cwd: ROOT,
    env: { LIMBIC_RATE_LIMIT_COST_PER_SEC: '0', ...process.env, LIMBIC_PORT: String(port), LIMBIC_API_KEYS: `${key}:${tenantId}`, LIMBIC_EMBEDDER: 'hash', LIMBIC_HASH_DIM: String(DIM), LIMBIC_LOG_LEVEL: 'warn', LIMBIC_QUEUE_PREFIX: queuePrefix },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
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
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function recallIds(url: string, key: string, input: Record<string, unknown>): Promise<string[]> {
  const data = (await gql(url, key, RECALL, { input })) as { recall: { items: { memory: { id: string } }[] } };
  return data.recall.items.map((i) => i.memory.id);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
