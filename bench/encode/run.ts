/**
 * Encode throughput and latency (issue 4), with the hash embedder:
 *   - encodeBatch: N memories in batches of 500 over GraphQL, including linking;
 *   - encode: M single memories, sequential, p50/p99;
 *   - floor (same process, same Neo4j): the same nodes written with a bare UNWIND CREATE
 *     and a bare single CREATE through the driver: no embedding, no linking, no state.
 * Before measuring it warms up until Neo4j's JIT compiler has settled (bench/common/jit-settle.ts):
 * rounds of one encodeBatch of 500 into a warm-up agent and --warmup-single (default 50) single
 * encodes into it and as many into a new small agent, until the
 * compiler spends less than --warmup-share (default 0.1) of a round compiling in two rounds in a
 * row, at most --warmup-max s (default 300). On a fresh Neo4j this takes a few minutes: during
 * the first ≈ 2,000 encodes the C2 compiler used more CPU than the queries, and single encodes
 * ran 2–4× slower than once it had settled. The warm-up's figures are printed, not measured.
 * Then it measures the single encodes, then encodeBatch (see the comment there for the order).
 * Before each measured phase it waits (at most --settle s, default 120) for the local Neo4j to
 * go idle: the vector index merges the previous phase's segments in background threads
 * (bench/common/neo4j-idle.ts). A phase's own merges are in its figures.
 * Usage: npm run bench:encode [-- --batch-total 10000 --single 1000 --warmup-single 50 --warmup-share 0.1 --warmup-max 300 --settle 120]
 */
import { randomUUID } from 'node:crypto';
import neo4j from 'neo4j-driver';
import { HashEmbedder } from '@limbic/embeddings';
import { join } from 'node:path';
import { gql, startApi } from '../common/api-process';
import { formatShare, settleOutcome, warmUntilJitSettles } from '../common/jit-settle';
import { waitForNeo4jIdle } from '../common/neo4j-idle';
import { fmt, percentile } from '../common/stats';

const args = new Map(process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1] ?? '']] : [])));
const BATCH_TOTAL = Number(args.get('batch-total') ?? 10_000);
const SINGLES = Number(args.get('single') ?? 1000);
const BATCH = 500;
const WARMUP_SINGLE = Number(args.get('warmup-single') ?? 50);
/** The warm-up ends once the JIT compiler's share of a round stays below this (jit-settle). */
const WARMUP_SHARE = Number(args.get('warmup-share') ?? 0.1);
const WARMUP_MAX_S = Number(args.get('warmup-max') ?? 300);
/** Longest wait between phases for the previous phase's index merges to finish (neo4j-idle). */
const SETTLE_MAX_S = Number(args.get('settle') ?? 120);
const ROOT = join(__dirname, '..', '..', '..');
const PORT = Number(args.get('port') ?? 4410);
const CREATE_AGENT = 'mutation($id: ID!) { createAgent(input: {id: $id}) { id } }';
const ENCODE = 'mutation($input: EncodeInput!) { encode(input: $input) { id } }';
const ENCODE_BATCH = 'mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created } }';
const TOPICS = ['deploy', 'database', 'holiday', 'garden', 'rust', 'billing', 'music', 'family', 'outage', 'review'];

function text(i: number): string {
  const t = TOPICS[i % TOPICS.length] ?? 'misc';
  return `Note ${i}: talked about the ${t} again, ${i % 3 ? 'it went well' : 'it was frustrating'}; follow up on ${TOPICS[(i * 7) % TOPICS.length]}.`;
}

async function main(): Promise<void> {
  // The targets are for the hash embedder; without this the API's `auto` picks the local
  // model whenever models/ is present, and the figures measure MiniLM instead of encoding.
  const api = await startApi(PORT, { LIMBIC_EMBEDDER: 'hash' });
  const driver = neo4j.driver(process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687', neo4j.auth.basic(process.env.NEO4J_USER ?? 'neo4j', process.env.NEO4J_PASSWORD ?? 'limbic-dev-password'));
  const run = randomUUID().slice(0, 8);
  const agentBatch = `bench-batch-${run}`;
  const agentSingle = `bench-single-${run}`;
  const agentWarmup = `bench-warmup-${run}`;
  // Single encodes into a small agent and into a large one: one filtered vector search either
  // way, but a small agent's searches stay cheap; the warm-up runs both.
  const agentWarmupSmall = `bench-warmup-small-${run}`;
  const warmupSmallAgents: string[] = [];
  try {
    for (const id of [agentBatch, agentSingle, agentWarmup]) await gql(api.url, CREATE_AGENT, { id });
    const base = Date.parse('2025-01-01T00:00:00Z');

    // Warm-up, not measured: planning of every encode query and the JIT of both processes,
    // until Neo4j's compiler has settled. Each round writes a batch and singles into a large
    // and a small agent; every round's small agent is new, so it includes an agent's first encodes.
    let warmed = 0;
    const warmBatch: number[] = [];
    const warmSingle: number[][] = [];
    const warmup = await warmUntilJitSettles(
      driver,
      async (round) => {
        const items = Array.from({ length: BATCH }, (_, j) => ({ content: text(warmed + j), occurredAt: new Date(base + (warmed + j) * 30_000).toISOString() }));
        let st = performance.now();
        await gql(api.url, ENCODE_BATCH, { input: { agentId: agentWarmup, items } });
        warmBatch.push(performance.now() - st);
        warmed += BATCH;
        const small = `${agentWarmupSmall}-${round}`;
        warmupSmallAgents.push(small);
        await gql(api.url, CREATE_AGENT, { id: small });
        const latencies: number[] = [];
        for (let i = 0; i < 2 * WARMUP_SINGLE; i++) {
          st = performance.now();
          const agentId = i % 2 === 0 ? small : agentWarmup;
          await gql(api.url, ENCODE, { input: { agentId, content: text(warmed + i), occurredAt: new Date(base + (warmed + i) * 30_000).toISOString() } });
          latencies.push(performance.now() - st);
        }
        warmed += 2 * WARMUP_SINGLE;
        warmSingle.push(latencies);
      },
      { maxShare: WARMUP_SHARE, settledRounds: 2, minRounds: 3, maxSeconds: WARMUP_MAX_S },
    );

    const settled: string[] = [];
    const settle = async (after: string) => {
      const waited = await waitForNeo4jIdle(ROOT, SETTLE_MAX_S);
      if (waited !== null) settled.push(`${waited.toFixed(0)} s after ${after}`);
    };
    await settle('the warm-up');

    // Single encodes first, right after the warm-up that mixed both kinds of call. Measured after
    // 20 batch calls in a row instead, their first few hundred ran slower while Neo4j's JIT
    // compiled again (1,430 compilations during 400 singles after 10,000 batched on a JVM the
    // warm-up had settled, 74 in the next such round): a transition between this script's
    // phases, not something a service whose calls are mixed goes through.
    const single: number[] = [];
    for (let i = 0; i < SINGLES; i++) {
      const s = performance.now();
      await gql(api.url, ENCODE, {
        input: { agentId: agentSingle, content: text(i), occurredAt: new Date(base + i * 30_000).toISOString() },
      });
      single.push(performance.now() - s);
    }

    await settle('the single encodes');

    // encodeBatch
    const batchLatencies: number[] = [];
    const t0 = performance.now();
    for (let start = 0; start < BATCH_TOTAL; start += BATCH) {
      const items = Array.from({ length: Math.min(BATCH, BATCH_TOTAL - start) }, (_, j) => {
        const i = start + j;
        return { content: text(i), externalId: `b${i}`, occurredAt: new Date(base + i * 30_000).toISOString() };
      });
      const s = performance.now();
      await gql(api.url, ENCODE_BATCH, { input: { agentId: agentBatch, items } });
      batchLatencies.push(performance.now() - s);
    }
    const batchSeconds = (performance.now() - t0) / 1000;

    // Floor: bare writes of the same nodes through the driver.
    const embedder = new HashEmbedder(384);
    const floorTenant = `bench-floor-${run}`;
    const session = () => driver.session({ database: process.env.NEO4J_DATABASE ?? 'neo4j' });
    const f0 = performance.now();
    for (let start = 0; start < BATCH_TOTAL; start += BATCH) {
      const texts = Array.from({ length: Math.min(BATCH, BATCH_TOTAL - start) }, (_, j) => text(start + j));
      const vectors = await embedder.embed(texts);
      const s = session();
      await s.executeWrite((tx) =>
        tx.run('UNWIND $rows AS r CREATE (:BenchFloor {tenantId: $t, id: randomUUID(), content: r.content, embedding: r.embedding})', {
          t: floorTenant,
          rows: texts.map((content, k) => ({ content, embedding: vectors[k] })),
        }),
      );
      await s.close();
    }
    const floorSeconds = (performance.now() - f0) / 1000;
    const floorSingle: number[] = [];
    for (let i = 0; i < SINGLES; i++) {
      const st = performance.now();
      const [v] = await embedder.embed([text(i)]);
      const s = session();
      await s.executeWrite((tx) => tx.run('CREATE (:BenchFloor {tenantId: $t, id: randomUUID(), content: $c, embedding: $e})', { t: floorTenant, c: text(i), e: v }));
      await s.close();
      floorSingle.push(performance.now() - st);
    }

    const rss = Number((await import('node:fs')).readFileSync(`/proc/${api.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    console.log(`\nEncode benchmark (hash embedder, ${BATCH_TOTAL} batched + ${SINGLES} single, ${new Date().toISOString()})\n`);
    console.log('| path | throughput (memories/s) | p50 ms | p99 ms |');
    console.log('|---|---|---|---|');
    console.log(`| encodeBatch (500/call, linking + chain + state) | ${(BATCH_TOTAL / batchSeconds).toFixed(0)} | ${fmt(percentile(batchLatencies, 50))} per call | ${fmt(percentile(batchLatencies, 99))} per call |`);
    console.log(`| floor: bare UNWIND CREATE via driver | ${(BATCH_TOTAL / floorSeconds).toFixed(0)} | | |`);
    console.log(`| encode (single, sequential) | ${(SINGLES / (single.reduce((a, b) => a + b, 0) / 1000)).toFixed(0)} | ${fmt(percentile(single, 50))} | ${fmt(percentile(single, 99))} |`);
    console.log(`| floor: bare single CREATE via driver | ${(SINGLES / (floorSingle.reduce((a, b) => a + b, 0) / 1000)).toFixed(0)} | ${fmt(percentile(floorSingle, 50))} | ${fmt(percentile(floorSingle, 99))} |`);
    console.log(`\nAPI process RSS after the run: ${rss.toFixed(0)} MiB`);
    const windows = Array.from({ length: Math.ceil(SINGLES / 100) }, (_, k) => fmt(percentile(single.slice(k * 100, k * 100 + 100), 50)));
    console.log(`Single encode p50 by the agent's size, per 100 memories (link candidates from the filtered vector index throughout): ${windows.join(' / ')} ms.`);
    if (settled.length > 0) console.log(`Waited for Neo4j to go idle (index merges) before each phase: ${settled.join(', ')}.`);
    const rounds = warmSingle.map((l, k) => `${fmt(percentile(l, 50))} (${formatShare(warmup.shares[k])})`);
    console.log(
      `Warm-up before measuring (not in the table): ${warmup.rounds} rounds in ${warmup.seconds.toFixed(0)} s, ${settleOutcome(warmup)} (< ${Math.round(100 * WARMUP_SHARE)} % of a round compiling, twice); ` +
        `${warmed} memories; encodeBatch p50 ${fmt(percentile(warmBatch, 50))} ms per call. Single encode p50 per round (the compiler's share of the round): ${rounds.join(' / ')} ms.`,
    );

    // Clean up everything this run wrote.
    const s = session();
    await s.run(
      `MATCH (n) WHERE (n:BenchFloor AND n.tenantId = $t) OR (n.tenantId = 'local' AND (n.agentId IN $agents OR (n:Agent AND n.id IN $agents)))
       CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 2000 ROWS`,
      { t: floorTenant, agents: [agentBatch, agentSingle, agentWarmup, ...warmupSmallAgents] },
    );
    await s.close();
  } finally {
    await driver.close();
    await api.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
