/**
 * Concurrent use of one agent, and one tenant flooding another (issue 17), with the hash
 * embedder, against a built API this script starts (no worker: appraisal and recall-effect
 * jobs wait in queues of the bench's own, deleted at the end).
 *   burst   --burst-clients (16) closed-loop single encodes into one agent, --burst-s (20) s
 *   mixed   50 closed-loop encoders + 50 closed-loop recallers on one agent, --mixed-s (60) s
 *   steady  open loop: 20 encodes/s + 20 recalls/s on one agent, --steady-s (60) s
 *   flood   tenant B's recalls, --victim-rps (20) a second (half its limit: a tenant that keeps
 *           to its rate), alone and while a third tenant, at the default rate limit, runs
 *           --flood-clients (32) closed-loop recall clients that ignore Retry-After, in
 *           alternating 10 s blocks, --flood-s (40) s of each
 * Each prints count, ok/s, p50/p99 and errors by code, and the API's and Neo4j's CPU per request.
 * `--dist <dir>` measures another build (say, a worktree of the previous commit built into
 * dist-base) so that a baseline runs back to back on the same Neo4j.
 * Usage: npm run bench:load [-- --only burst,mixed,steady,flood --dist dist --port 4420 --flood-clients 32]
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { DELETE_AGENT, startApi } from '../common/api-process';
import { arg } from '../common/args';
import { waitForNeo4jIdle } from '../common/neo4j-idle';
import { fmt, percentile } from '../common/stats';
import {
  closedLoop,
  content,
  cpuMs,
  CREATE_AGENT,
  describe,
  ENCODE,
  newTally,
  openLoop,
  RECALL,
  recallQuery,
  send,
  type Client,
  type Tally,
} from './load-kit';

const ROOT = join(__dirname, '..', '..', '..');
const ONLY = new Set(arg('only', 'burst,mixed,steady,flood').split(','));
const DIST = arg('dist', 'dist');
const PORT = Number(arg('port', '4420'));
const KEY_A = 'load-bench-key-a-0001';
const KEY_B = 'load-bench-key-b-0001';
const KEY_FLOOD = 'load-bench-key-f-0001';

async function main(): Promise<void> {
  // Tenant A measures one agent's concurrency, so its rate limit is lifted; the flooder keeps
  // the default limit (README, Admission), which is what the flood phase is about.
  const api = await startApi(
    PORT,
    {
      LIMBIC_EMBEDDER: 'hash',
      LIMBIC_API_KEYS: `${KEY_A}:load-a,${KEY_B}:load-b,${KEY_FLOOD}:load-flood`,
      LIMBIC_RATE_LIMIT_TENANTS: JSON.stringify({ 'load-a': { costPerSec: 0 } }),
    },
    { dist: DIST },
  );
  const a: Client = { url: api.url, key: KEY_A };
  const b: Client = { url: api.url, key: KEY_B };
  const flooder: Client = { url: api.url, key: KEY_FLOOD };
  const neo4jPid = readFileSync(join(ROOT, 'runtime', 'neo4j', 'run', 'neo4j.pid'), 'utf8').trim();
  const run = Date.now().toString(36);
  console.log(`load bench: build ${DIST}, API pid ${api.child.pid}, Neo4j pid ${neo4jPid}`);
  const agents: { client: Client; id: string }[] = [];
  const agent = async (client: Client, name: string): Promise<string> => {
    const id = `${name}-${run}`;
    const { outcome } = await send(client, CREATE_AGENT, { id });
    if (outcome) throw new Error(`createAgent ${id}: ${outcome}`);
    agents.push({ client, id });
    return id;
  };
  const encode = (client: Client, agentId: string, t: Tally, c: number, i: number) =>
    send(client, ENCODE, { i: { agentId, content: content(c, i), externalId: `${c}-${i}` } }, t);
  /** A new agent with ≈ 3 s of encodes from `clients` clients already in it, for recalls to rank. */
  const seeded = async (client: Client, name: string, clients = 4): Promise<string> => {
    const id = await agent(client, name);
    const seed = newTally();
    await closedLoop(clients, performance.now() + 3_000, (c, i) => encode(client, id, seed, 100 + c, i));
    return id;
  };
  const recall = (client: Client, agentId: string, t: Tally, i: number) => send(client, RECALL, { i: { agentId, query: recallQuery(i) } }, t);
  /** Runs `work`, then prints its tallies with the CPU both processes used per request. */
  const phase = async (name: string, work: () => Promise<Record<string, Tally>>): Promise<void> => {
    await waitForNeo4jIdle(ROOT, 60);
    const apiCpu = cpuMs(api.child.pid ?? 0);
    const neoCpu = cpuMs(neo4jPid);
    const started = performance.now();
    const tallies = await work();
    const wall = performance.now() - started;
    const requests = Object.values(tallies).reduce((n, t) => n + t.times.length, 0);
    console.log(`\n[${name}] ${(wall / 1000).toFixed(1)} s`);
    for (const [label, t] of Object.entries(tallies)) console.log('  ' + describe(label, t, wall));
    const perReq = (x: number | null, y: number | null) => (x === null || y === null ? 'n/a' : ((y - x) / requests).toFixed(2));
    console.log(`  CPU per request: API ${perReq(apiCpu, cpuMs(api.child.pid ?? 0))} ms, Neo4j ${perReq(neoCpu, cpuMs(neo4jPid))} ms`);
  };

  try {
    // Warm-up: the JIT of both processes, a few hundred memories to recall from.
    const warm = await agent(a, 'warm');
    const wt = newTally();
    await closedLoop(4, performance.now() + 10_000, (c, i) => encode(a, warm, wt, c, i));
    await closedLoop(4, performance.now() + 5_000, (_c, i) => recall(a, warm, wt, i));

    if (ONLY.has('burst')) {
      const id = await agent(a, 'burst');
      const clients = Number(arg('burst-clients', '16'));
      await phase(`burst: ${clients} encoders, one agent`, async () => {
        const t = newTally();
        await closedLoop(clients, performance.now() + Number(arg('burst-s', '20')) * 1000, (c, i) => encode(a, id, t, c, i));
        return { encode: t };
      });
    }
    if (ONLY.has('mixed')) {
      const id = await seeded(a, 'mixed');
      await phase('mixed: 50 encoders + 50 recallers, one agent', async () => {
        const te = newTally();
        const tr = newTally();
        const until = performance.now() + Number(arg('mixed-s', '60')) * 1000;
        await Promise.all([closedLoop(50, until, (c, i) => encode(a, id, te, c, i)), closedLoop(50, until, (_c, i) => recall(a, id, tr, i))]);
        return { encode: te, recall: tr };
      });
    }
    if (ONLY.has('steady')) {
      const id = await seeded(a, 'steady');
      await phase('steady: 20 encodes/s + 20 recalls/s, one agent', async () => {
        const te = newTally();
        const tr = newTally();
        const ms = Number(arg('steady-s', '60')) * 1000;
        await Promise.all([openLoop(20, ms, (i) => encode(a, id, te, 0, i)), openLoop(20, ms, (i) => recall(a, id, tr, i))]);
        return { encode: te, recall: tr };
      });
    }
    if (ONLY.has('flood')) {
      const flooded = await seeded(flooder, 'flooder', 2);
      const victim = await seeded(b, 'victim', 2);
      const seconds = Number(arg('flood-s', '40')) * 1000;
      // B keeps well under its own limit, so that neither side of the ratio is B being paced.
      const victimRps = Number(arg('victim-rps', '20'));
      const floodClients = Number(arg('flood-clients', '32'));
      // Alternating 10 s blocks, alone then beside the flood, so that a pause of the machine
      // (a checkpoint after the phases before) falls on both sides of the ratio, not on one.
      const blockMs = 10_000;
      const alone = newTally();
      const during = newTally();
      const flood = newTally();
      await phase(`flood: tenant B (${victimRps} recalls/s) alone and beside a flooding tenant's ${floodClients} recall clients, alternating ${blockMs / 1000} s blocks`, async () => {
        for (let done = 0; done < seconds; done += blockMs) {
          await openLoop(victimRps, blockMs, (i) => recall(b, victim, alone, i));
          const until = performance.now() + blockMs;
          await Promise.all([openLoop(victimRps, blockMs, (i) => recall(b, victim, during, i)), closedLoop(floodClients, until, (_c, i) => recall(flooder, flooded, flood, i))]);
        }
        return { 'B alone': alone, 'B flooded': during, flood };
      });
      // p95 beside p99: a single stall of the machine (≈ 0.5 s, seen after the mixed phase's
      // writes in either build) holds about ten of B's requests, enough to set one side's p99.
      for (const q of [99, 95, 50]) {
        console.log(`  B p${q} under flood / alone: ${(percentile(during.times, q) / percentile(alone.times, q)).toFixed(2)}× (${fmt(percentile(during.times, q))} / ${fmt(percentile(alone.times, q))} ms)`);
      }
    }
  } finally {
    for (const { client, id } of agents) await send(client, DELETE_AGENT, { id });
    await api.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
