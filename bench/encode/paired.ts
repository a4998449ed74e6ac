/**
 * Paired single-encode latency of two builds (issue 4): both APIs run at once against the same
 * Neo4j and Redis, each writes into its own agent, and the calls alternate (the order inside
 * each pair is random), so that the load of a shared machine hits both builds alike. Reports
 * p50/p90/p99 per build and the candidate/base ratios, overall and per agent-size phase
 * (the exact neighbour scan below the budget, the vector index above it).
 * Usage (after building the baseline into dist-base, with its own cypher/ copied into
 * dist-base/cypher, and the candidate into dist):
 *   node dist/bench/encode/paired.js [--base dist-base --candidate dist --single 1000 --crowd 10000 --batch 0 --keep-agents]
 * A server setting is compared the same way: one build, two Neo4j servers with copies of the
 * same data, `--base-neo4j bolt://… --candidate-neo4j bolt://…` (the crowd is made on each).
 */
import { randomUUID } from 'node:crypto';
import { DELETE_AGENT, gql, startApi } from '../common/api-process';
import { fmt, percentile } from '../common/stats';

const args = new Map(process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1] ?? '']] : [])));
const BASE = args.get('base') ?? 'dist-base';
const CANDIDATE = args.get('candidate') ?? 'dist';
const SINGLES = Number(args.get('single') ?? 1000);
// A large neighbour in the shared vector index, as in bench:encode (its batch agent).
const CROWD = Number(args.get('crowd') ?? 10_000);
const PHASE = Number(args.get('phase') ?? 500);
// encodeBatch memories per build (calls of 500, alternating like the singles); 0 skips it.
const BATCH_TOTAL = Number(args.get('batch') ?? 0);
// Each build's Neo4j (default: NEO4J_URI for both).
const BASE_NEO4J = args.get('base-neo4j') ?? process.env.NEO4J_URI ?? '';
const CANDIDATE_NEO4J = args.get('candidate-neo4j') ?? process.env.NEO4J_URI ?? '';
const TOPICS = ['deploy', 'database', 'holiday', 'garden', 'rust', 'billing', 'music', 'family', 'outage', 'review'];

function text(i: number): string {
  const t = TOPICS[i % TOPICS.length] ?? 'misc';
  return `Note ${i}: talked about the ${t} again, ${i % 3 ? 'it went well' : 'it was frustrating'}; follow up on ${TOPICS[(i * 7) % TOPICS.length]}.`;
}

function row(name: string, xs: readonly number[]): string {
  return `| ${name} | ${xs.length} | ${fmt(percentile(xs, 50))} | ${fmt(percentile(xs, 90))} | ${fmt(percentile(xs, 99))} |`;
}

async function main(): Promise<void> {
  const env = { LIMBIC_EMBEDDER: 'hash' };
  const neo4jEnv = (uri: string): Record<string, string> => (uri ? { NEO4J_URI: uri } : {});
  const nodeArgs = args.has('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${args.get('cpu-prof')}`] : [];
  // One after the other: a build that fails to start must not leave the other one running.
  const base = await startApi(4430, { ...env, ...neo4jEnv(BASE_NEO4J) }, { dist: BASE });
  const cand = await startApi(4431, { ...env, ...neo4jEnv(CANDIDATE_NEO4J) }, { dist: CANDIDATE, nodeArgs }).catch(async (err: unknown) => {
    await base.stop();
    throw err;
  });
  const run = randomUUID().slice(0, 8);
  // The crowd is kept between runs (deleting it would leave deleted vectors in the HNSW index
  // and slow every later lookup, see README); run on a scratch database. The run's own agents are
  // deleted at the end (unless --keep-agents): kept, they added ≈ 11,000 memories a run to the
  // shared index for good, which slows later runs and tests more than deleted vectors do until
  // their segments merge.
  const agents = { base: `paired-base-${run}`, cand: `paired-cand-${run}`, crowd: `paired-crowd-${CROWD}`, baseBatch: `paired-base-batch-${run}`, candBatch: `paired-cand-batch-${run}` };
  const apis = { base, cand };
  try {
    const create = (url: string, id: string) => gql(url, 'mutation($id: ID!) { createAgent(input: {id: $id}) { id } }', { id });
    await create(base.url, agents.base);
    await create(cand.url, agents.cand);
    const t0 = Date.parse('2025-01-01T00:00:00Z');
    for (const api of BASE_NEO4J === CANDIDATE_NEO4J ? [base] : [base, cand]) {
      // createAgent answers an existing agent as it is (idempotent), so the crowd's size is read:
      // counting on createAgent to fail added CROWD memories to it on every run.
      await create(api.url, agents.crowd);
      const held = (await gql(api.url, 'query($id: ID!) { memories(agentId: $id, first: 1) { totalCount } }', { id: agents.crowd })) as { memories: { totalCount: number } };
      for (let start = held.memories.totalCount; start < CROWD; start += 500) {
        const items = Array.from({ length: Math.min(500, CROWD - start) }, (_, j) => ({ content: text(start + j), occurredAt: new Date(t0 + (start + j) * 30_000).toISOString() }));
        await gql(api.url, 'mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created } }', { input: { agentId: agents.crowd, items } });
      }
    }
    if (BATCH_TOTAL > 0) {
      await create(base.url, agents.baseBatch);
      await create(cand.url, agents.candBatch);
      const batchMs: Record<'base' | 'cand', number[]> = { base: [], cand: [] };
      for (let start = 0; start < BATCH_TOTAL; start += 500) {
        const items = Array.from({ length: Math.min(500, BATCH_TOTAL - start) }, (_, j) => ({
          content: text(start + j),
          externalId: `b${start + j}`,
          occurredAt: new Date(t0 + (start + j) * 30_000).toISOString(),
        }));
        const order: ('base' | 'cand')[] = Math.random() < 0.5 ? ['base', 'cand'] : ['cand', 'base'];
        for (const w of order) {
          const s = performance.now();
          await gql(apis[w].url, 'mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created } }', {
            input: { agentId: w === 'base' ? agents.baseBatch : agents.candBatch, items },
          });
          batchMs[w].push(performance.now() - s);
        }
      }
      const rate = (xs: readonly number[]) => (BATCH_TOTAL / (xs.reduce((a, b) => a + b, 0) / 1000)).toFixed(0);
      const ratios = batchMs.cand.map((c, i) => c / (batchMs.base[i] ?? c));
      console.log(`\nencodeBatch calls, ms (base / candidate): ${batchMs.base.map((b, i) => `${b.toFixed(0)}/${(batchMs.cand[i] ?? 0).toFixed(0)}`).join(' ')}`);
      console.log(`encodeBatch ${BATCH_TOTAL} per build: base ${rate(batchMs.base)}/s, candidate ${rate(batchMs.cand)}/s; median per-call time ratio candidate/base ${percentile(ratios, 50).toFixed(3)}`);
    }
    const times: Record<'base' | 'cand', number[]> = { base: [], cand: [] };
    const one = async (which: 'base' | 'cand', i: number) => {
      const s = performance.now();
      await gql(apis[which].url, 'mutation($input: EncodeInput!) { encode(input: $input) { id } }', {
        input: { agentId: agents[which], content: text(i), occurredAt: new Date(t0 + i * 30_000).toISOString() },
      });
      times[which].push(performance.now() - s);
    };
    // Warm-up: JIT, plan caches, connection pools.
    for (let i = 0; i < 20; i++) {
      await one('base', -1 - i);
      await one('cand', -1 - i);
    }
    times.base = [];
    times.cand = [];
    for (let i = 0; i < SINGLES; i++) {
      const order: ('base' | 'cand')[] = Math.random() < 0.5 ? ['base', 'cand'] : ['cand', 'base'];
      for (const w of order) await one(w, i);
    }
    const phase = Math.max(0, PHASE - 20);
    console.log(`\nPaired single encode: base=${BASE} candidate=${CANDIDATE}, ${SINGLES} each, crowd ${CROWD} (${new Date().toISOString()})\n`);
    console.log('| build | n | p50 ms | p90 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(row('base, all', times.base));
    console.log(row('candidate, all', times.cand));
    console.log(row(`base, agent < ${PHASE}`, times.base.slice(0, phase)));
    console.log(row(`candidate, agent < ${PHASE}`, times.cand.slice(0, phase)));
    console.log(row(`base, agent ≥ ${PHASE}`, times.base.slice(phase)));
    console.log(row(`candidate, agent ≥ ${PHASE}`, times.cand.slice(phase)));
    const ratio = (p: number, a: readonly number[], b: readonly number[]) => (percentile(b, p) / percentile(a, p)).toFixed(2);
    // Per pair (same i, one call after the other): robust to the machine's load drifting.
    const pairRatios = times.cand.map((c, i) => c / (times.base[i] ?? c));
    console.log(`\nmedian of per-pair ratios candidate/base: ${percentile(pairRatios, 50).toFixed(3)} (below ${PHASE}: ${percentile(pairRatios.slice(0, phase), 50).toFixed(3)}, above: ${percentile(pairRatios.slice(phase), 50).toFixed(3)})`);
    console.log(`candidate/base: p50 ${ratio(50, times.base, times.cand)}, p90 ${ratio(90, times.base, times.cand)}, p99 ${ratio(99, times.base, times.cand)}; ` +
      `p50 below ${PHASE} ${ratio(50, times.base.slice(0, phase), times.cand.slice(0, phase))}, above ${ratio(50, times.base.slice(phase), times.cand.slice(phase))}`);
  } finally {
    if (!args.has('keep-agents')) {
      const owned: [string, string][] = [[base.url, agents.base], [base.url, agents.baseBatch], [cand.url, agents.cand], [cand.url, agents.candBatch]];
      // An agent that was never created (no batch phase, a failed start) answers NOT_FOUND: nothing to do.
      await Promise.all(owned.map(([url, id]) => gql(url, DELETE_AGENT, { id }).catch(() => undefined)));
    }
    await Promise.all([base.stop(), cand.stop()]);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
