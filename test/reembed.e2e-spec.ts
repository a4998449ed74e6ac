import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { startStack, type Stack } from './support/stack';
import { ROOT } from './support/processes';
import { eventually, testDriver } from './support/neo4j';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id } } } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const SET_GOALS = `mutation($id: ID!, $g: [GoalInput!]!) { setGoals(agentId: $id, goals: $g) { id } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { items { memory { id content } } } }`;
const STATUS = `{ reembedStatus { id sourceModel targetModel phase embedded total goals totalGoals progress startedAt updatedAt } }`;
const MEMORIES = 3000;
const NEEDLE = 'the purple giraffe sings opera at midnight';
/** In the second batch of 250, which is ana's (batches starting at a multiple of 500 are ben's). */
const NEEDLE_AT = 257;

function cli(env: Record<string, string>, args: string[]): { done: Promise<{ code: number | null; out: string }>; out: () => string } {
  const child = spawn(process.execPath, [join(ROOT, process.env.LIMBIC_DIST ?? 'dist', 'apps', 'cli', 'src', 'reembed.js'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  return { done: new Promise((resolve) => child.once('exit', (code) => resolve({ code, out }))), out: () => out };
}

interface StatusRun {
  readonly phase: string;
  readonly sourceModel: string;
  readonly targetModel: string;
  readonly embedded: number;
  readonly total: number;
  readonly progress: number;
  readonly startedAt: string;
  readonly updatedAt: string;
}

describe('re-embedding a live tenant (hash-384 → hash-256, worker SIGKILLed midway)', () => {
  let stack: Stack;
  let driver: Driver;
  let tenant: string;

  beforeAll(async () => {
    stack = await startStack({ tenants: 2, worker: true, env: { LIMBIC_EMBEDDER: 'hash', LIMBIC_HASH_DIM: '384', LIMBIC_REEMBED_BATCH: '40' } });
    driver = testDriver();
    tenant = stack.tenants[0]!.id;
    const c = stack.tenants[0]!.client;
    for (const a of ['ana', 'ben']) await c.ok(CREATE_AGENT, { id: a });
    for (let start = 0; start < MEMORIES; start += 250) {
      const items = Array.from({ length: 250 }, (_, i) => ({ content: start + i === NEEDLE_AT ? NEEDLE : `note ${start + i} on topic ${(start + i) % 97} and ledger ${(start + i) % 13}` }));
      await c.ok(ENCODE_BATCH, { input: { agentId: start % 500 === 0 ? 'ben' : 'ana', items } });
    }
    await c.ok(SET_GOALS, { id: 'ana', g: [{ name: 'learn opera', priority: 0.8 }] });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  const runOf = async () => {
    const r = await driver.executeQuery('MATCH (r:LimbicReembedRun {tenantId: $t}) RETURN r {.*} AS run ORDER BY r.startedAt DESC LIMIT 1', { t: tenant });
    return (r.records[0]?.get('run') ?? null) as Record<string, unknown> | null;
  };

  it('refuses bad input with a typed error and writes nothing', async () => {
    const bad = await cli(stack.env, ['--model', 'gpt-5', '--tenant', tenant]).done;
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/UNKNOWN_MODEL/);
    const unknown = await cli(stack.env, ['--model', 'hash-256', '--tenant', 'nobody_here']).done;
    expect(unknown.out).toMatch(/UNKNOWN_TENANT/);
    expect(await runOf()).toBeNull();
  }, 60_000);

  it('moves every memory and goal, resumes after SIGKILL, never writes one twice, and recall answers throughout', async () => {
    const c = stack.tenants[0]!.client;
    const run = cli(stack.env, ['--model', 'hash-256', '--tenant', tenant]);
    let recalls = 0;
    const failures: string[] = [];
    // What the tenant's reembedStatus said while the run went on, and what the other tenant saw.
    const seen: StatusRun[] = [];
    const othersSaw: unknown[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const res = await c.request<{ recall: { items: { memory: { content: string } }[] } }>(RECALL, { input: { agentId: 'ana', query: 'purple giraffe opera midnight', topK: 3 } });
        recalls++;
        const top = res.data?.recall.items[0]?.memory.content;
        if (res.errors || top !== NEEDLE) failures.push(JSON.stringify(res.errors ?? top));
        const status = await c.ok<{ reembedStatus: StatusRun[] }>(STATUS);
        if (status.reembedStatus[0]) seen.push(status.reembedStatus[0]);
        othersSaw.push(...(await stack.tenants[1]!.client.ok<{ reembedStatus: unknown[] }>(STATUS)).reembedStatus);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    let finished: { code: number | null; out: string };
    try {
      await eventually(runOf, (r) => r !== null && Number(r.embedded) > MEMORIES * 0.3, 60_000);
      const second = await cli(stack.env, ['--model', 'hash-256', '--tenant', tenant]).done;
      expect(second.out).toMatch(/IN_PROGRESS/);
      // A memory encoded during the run is moved too.
      await c.ok(ENCODE, { input: { agentId: 'ana', content: 'encoded while the store moves' } });
      await stack.worker!.stop('SIGKILL');
      await stack.startWorker();
      // Recall keeps being polled through the switch and the cleaning, until the run is done.
      // A stall fails with the run's node and the processes' output, before the stack stops.
      let stall: NodeJS.Timeout | undefined;
      finished = await Promise.race([
        run.done,
        new Promise<never>((_, reject) => {
          stall = setTimeout(() => {
            void runOf().then((r) => reject(new Error(`stalled: run ${JSON.stringify(r)}\n--- cli\n${run.out().slice(-2000)}\n--- worker\n${stack.worker?.output().slice(-8000) ?? ''}\n--- api\n${stack.api.output().slice(-3000)}`)));
          }, 80_000);
        }),
      ]).finally(() => clearTimeout(stall));
    } finally {
      polling = false;
    }
    await poller;
    expect(finished.out).toMatch(/done/);
    expect(finished.code).toBe(0);
    expect(failures).toEqual([]);
    expect(recalls).toBeGreaterThan(10);
    // Progress was visible through the API: the run in the embedding phase part-way, then done.
    expect(seen.some((r) => r.phase === 'EMBEDDING' && r.embedded > 0 && r.embedded < r.total && r.progress > 0 && r.progress < 1)).toBe(true);
    expect(seen.every((r) => r.targetModel === 'hash-256' && r.sourceModel === 'hash-384' && r.total === MEMORIES)).toBe(true);
    expect(othersSaw).toEqual([]);
    const final = (await c.ok<{ reembedStatus: StatusRun[] }>(STATUS)).reembedStatus;
    expect(final).toHaveLength(1);
    expect(final[0]).toMatchObject({ phase: 'DONE', embedded: MEMORIES + 1, goals: 1, totalGoals: 1, progress: 1 });
    expect(Date.parse(final[0]!.updatedAt)).toBeGreaterThan(Date.parse(final[0]!.startedAt));
    expect((await stack.tenants[1]!.client.ok<{ reembedStatus: unknown[] }>(STATUS)).reembedStatus).toEqual([]);

    const mem = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $t}) RETURN count(m) AS n,
         count(CASE WHEN size(m.embeddingAlt) = 256 AND m.embedding IS NULL AND m.embeddingModel = 'hash-256' THEN 1 END) AS moved,
         count(CASE WHEN m.reembedCount = 1 THEN 1 END) AS once, count(m.reembedRun) AS marked`,
      { t: tenant },
    );
    const m = mem.records[0]!.toObject() as Record<string, unknown>;
    expect(Number(m.n)).toBe(MEMORIES + 1);
    expect(Number(m.moved)).toBe(MEMORIES + 1);
    expect(Number(m.once)).toBe(MEMORIES + 1);
    expect(Number(m.marked)).toBe(0);
    const goals = await driver.executeQuery('MATCH (g:Goal {tenantId: $t}) RETURN count(g) AS n, count(CASE WHEN size(g.embeddingAlt) = 256 AND g.embedding IS NULL THEN 1 END) AS moved', { t: tenant });
    expect(Number(goals.records[0]!.get('moved'))).toBe(Number(goals.records[0]!.get('n')));
    const space = await driver.executeQuery('MATCH (s:LimbicEmbeddingSpace {tenantId: $t}) RETURN s.slot AS slot, s.model AS model, s.dimension AS d', { t: tenant });
    expect(space.records[0]!.toObject()).toMatchObject({ slot: 'embeddingAlt', model: 'hash-256' });
    // And recall after the switch, with the new model's query vectors.
    const after = await c.ok<{ recall: { items: { memory: { content: string } }[] } }>(RECALL, { input: { agentId: 'ana', query: 'purple giraffe opera midnight', topK: 3 } });
    expect(after.recall.items[0]?.memory.content).toBe(NEEDLE);
    const status = await cli(stack.env, ['--status', '--tenant', tenant]).done;
    expect(status.out).toMatch(/done/);
  }, 150_000);
});
