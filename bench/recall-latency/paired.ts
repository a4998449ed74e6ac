// Paired recall-latency comparison of two builds on the same kept data (not a test). On a
// shared machine sequential runs move by ±30 % with the load, so both builds' APIs run at
// once and every query goes to one and then the other, the order alternating: the load hits
// both alike and the ratio is what is left. Also counts how often their top-10s agree.
//
//   npm run bench:recall -- --keep                        # load once, note the tenant
//   npx tsc -p tsconfig.build.json --outDir dist-base && npx tsc-alias -p tsconfig.build.json --outDir dist-base   # on the baseline commit
//   npm run build                                          # on the change
//   node dist/bench/recall-latency/paired.js --tenant bench_1234 [--base dist-base] [--head dist] [--sizes 1000,10000,100000] [--runs 200]
//
// Server settings (e.g. the vector index's merge factor) are compared the same way: one build,
// two Neo4j servers holding copies of the same data, each API on its own server:
//   node dist/bench/recall-latency/paired.js --tenant bench_1234 --base dist --head dist \
//     --base-neo4j bolt://127.0.0.1:7787 --head-neo4j bolt://127.0.0.1:7788
// and API settings by giving one side its own environment, e.g. spreading in Cypher against
// spreading over the held graph:
//   node dist/bench/recall-latency/paired.js --tenant bench_1234 --base dist --head dist --base-env LIMBIC_SPREAD_CACHE_EDGES=0
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import neo4j from 'neo4j-driver';
import { findCypherDir } from '../../libs/graph/src/cypher-dir';
import { fetchReused } from '../common/fetch-reused';
import { stopChild } from '../common/api-process';
import { benchQueuePrefix, deleteBenchQueues } from '../common/bench-queues';
import { rng } from '../common/rng';

const ROOT = join(__dirname, '..', '..', '..');
const DB = process.env.NEO4J_DATABASE ?? 'neo4j';
const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
};
const TENANT = arg('tenant', '');
const BASE = arg('base', 'dist-base');
const HEAD = arg('head', 'dist');
const SIZES = arg('sizes', '1000,10000,100000').split(',').map(Number);
const RUNS = Number(arg('runs', '200'));
const DEFAULT_NEO4J = process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687';
const BASE_NEO4J = arg('base-neo4j', DEFAULT_NEO4J);
const HEAD_NEO4J = arg('head-neo4j', DEFAULT_NEO4J);
/** Pairs before the measured ones, per path; isolation.sh gives two fresh servers more, for their JIT. */
const WARMUP = Number(arg('warmup', '30'));
/** `K=V,K=V`: variables one side's API gets on top of the bench's. */
const envOf = (spec: string): Record<string, string> => Object.fromEntries(spec.split(',').filter((kv) => kv.includes('=')).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const BASE_ENV = envOf(arg('base-env', ''));
const HEAD_ENV = envOf(arg('head-env', ''));

const RECALL = `query($input: RecallInput!) { recall(input: $input) { recallId items { score memory { id } } } }`;

interface Api {
  readonly name: string;
  readonly url: string;
  readonly key: string;
  readonly child: ChildProcess;
  readonly queuePrefix: string;
}

async function startApi(dist: string, neo4jUri: string, extraEnv: Record<string, string>): Promise<Api> {
  const key = `bench-key-${randomBytes(6).toString('hex')}`;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const queuePrefix = benchQueuePrefix();
  const child = spawn(process.execPath, [join(ROOT, dist, 'apps', 'api', 'src', 'main.js')], {
    cwd: ROOT,
    // A benchmark measures capacity: the tenant rate limit (on with API keys) stays off unless asked for.
    env: { LIMBIC_RATE_LIMIT_COST_PER_SEC: '0', ...process.env, NEO4J_URI: neo4jUri, LIMBIC_PORT: String(port), LIMBIC_API_KEYS: `${key}:${TENANT}`, LIMBIC_EMBEDDER: 'hash', LIMBIC_HASH_DIM: '384', LIMBIC_LOG_LEVEL: 'warn', LIMBIC_QUEUE_PREFIX: queuePrefix, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${dist}: API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 240) throw new Error(`${dist}: API did not become ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const settings = Object.entries(extraEnv).map(([k, v]) => `${k}=${v}`).join(' ');
  const name = `${dist}${BASE_NEO4J === HEAD_NEO4J ? '' : ` on ${neo4jUri}`}${settings ? ` (${settings})` : ''}`;
  return { name, url, key, child, queuePrefix };
}

/** Spreads the API has run over a graph it holds (limbic_recall_spreads_total, cache and cache-lagging); 0 for a build without it. */
async function heldSpreads(api: Api): Promise<number> {
  const text = await (await fetchReused(`${api.url}/metrics`)).text();
  let n = 0;
  for (const [, count] of text.matchAll(/^limbic_recall_spreads_total\{path="cache(?:-lagging)?"[^}]*\} (\d+)/gm)) n += Number(count);
  return n;
}

async function stopApi(api: Api): Promise<void> {
  await stopChild(api.child);
  await deleteBenchQueues(api.queuePrefix);
}

async function recall(api: Api, input: Record<string, unknown>): Promise<{ ms: number; ids: string }> {
  const t = performance.now();
  const res = await fetchReused(`${api.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${api.key}` },
    body: JSON.stringify({ query: RECALL, variables: { input } }),
  });
  const body = (await res.json()) as { data?: { recall: { items: { memory: { id: string } }[] } }; errors?: unknown[] };
  const ms = performance.now() - t;
  if (body.errors || !body.data) throw new Error(`${api.name}: ${JSON.stringify(body.errors)}`);
  return { ms, ids: body.data.recall.items.map((i) => i.memory.id).join(',') };
}

function pct(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function main(): Promise<void> {
  if (!TENANT) throw new Error('--tenant is required (a tenant a `bench:recall --keep` run left behind)');
  const driver = neo4j.driver(
    BASE_NEO4J,
    neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'),
  );
  // Each API reads the nearest cypher/ above its build: a baseline inside this checkout runs
  // this checkout's queries unless it has its own copy (git archive <base> cypher | tar -x -C dist-base).
  const [baseCypher, headCypher] = [BASE, HEAD].map((d) => findCypherDir(join(ROOT, d, 'libs', 'graph', 'src')));
  console.log(`queries: ${BASE} ← ${baseCypher}, ${HEAD} ← ${headCypher}${baseCypher === headCypher ? ' (the same files: Cypher changes are not compared)' : ''}`);
  const [a, b] = await Promise.all([startApi(BASE, BASE_NEO4J, BASE_ENV), startApi(HEAD, HEAD_NEO4J, HEAD_ENV)]);
  const random = rng(7);
  const rows: string[] = [];
  try {
    for (const size of SIZES) {
      const agentId = `agent-${size}`;
      const { records } = await driver.executeQuery(
        'MATCH (m:Memory {tenantId: $tenantId, agentId: $agentId}) WITH m ORDER BY m.id LIMIT toInteger($n) RETURN m.content AS c',
        { tenantId: TENANT, agentId, n: RUNS + WARMUP },
        { database: DB },
      );
      if (records.length === 0) throw new Error(`no memories for ${agentId} in ${TENANT}`);
      const queries = records.map((row) => {
        const words = String(row.get('c')).split(' ');
        const start = Math.floor(random() * Math.max(1, words.length - 4));
        return words.slice(start, start + 3 + Math.floor(random() * 2)).join(' ');
      });
      const now = new Date(Date.UTC(2030, 0, 1)).toISOString();
      // The default path: no spread argument (the agent's energy decides), as clients call it.
      for (const [label, spread] of [
        ['default', undefined],
        ['2 hops', { hops: 2 }],
        ['no spreading', { enabled: false }],
      ] as const) {
        const times: [number[], number[]] = [[], []];
        let same = 0;
        let held: [number, number] = [0, 0];
        for (let i = 0; i < WARMUP + RUNS; i++) {
          const input = { agentId, query: queries[i % queries.length], topK: 10, now, spread };
          const first = i % 2 === 0 ? a : b;
          const second = first === a ? b : a;
          if (i === WARMUP) held = [await heldSpreads(a), await heldSpreads(b)];
          const r1 = await recall(first, input);
          const r2 = await recall(second, input);
          if (i < WARMUP) continue;
          const [ra, rb] = first === a ? [r1, r2] : [r2, r1];
          times[0].push(ra.ms);
          times[1].push(rb.ms);
          if (ra.ids === rb.ids) same++;
        }
        const [ta, tb] = times.map((t) => [...t].sort((x, y) => x - y)) as [number[], number[]];
        const heldNow = [(await heldSpreads(a)) - held[0], (await heldSpreads(b)) - held[1]];
        const f = (x: number): string => x.toFixed(1);
        const row =
          `| ${size.toLocaleString('en-US')} | ${label} | ${f(pct(ta, 50))} / ${f(pct(ta, 99))} | ${f(pct(tb, 50))} / ${f(pct(tb, 99))} | ` +
          `${(pct(tb, 50) / pct(ta, 50)).toFixed(2)} / ${(pct(tb, 99) / pct(ta, 99)).toFixed(2)} | ${same}/${RUNS} | ${heldNow[0]} / ${heldNow[1]} |`;
        rows.push(row);
        console.log(row);
      }
    }
  } finally {
    await Promise.all([a, b].map(stopApi));
    await driver.close();
  }
  console.log(`\n| memories | recall | ${a.name} p50 / p99 (ms) | ${b.name} p50 / p99 | ratio p50 / p99 | top-10 identical | spread over a held graph |`);
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(r);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
