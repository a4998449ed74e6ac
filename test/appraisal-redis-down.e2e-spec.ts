import { Queue } from 'bullmq';
import type { Driver } from 'neo4j-driver';
import { eventually, memoryFlags, testDriver } from './support/neo4j';
import { PrivateRedis } from './support/private-redis';
import { startStack, type Stack } from './support/stack';

/**
 * DESIGN §6: Neo4j is the source of truth, so losing Redis loses no memory and no work.
 * This file runs its own redis-server (the shared one on 6379 serves other test files),
 * kills it and starts it again, empty, on the same port.
 */
const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id, preset: agent }) { id } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { items { memory { id } } } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id pendingAppraisal } }`;
const SWEEP_INTERVAL_MS = 2000; // set by test/support/stack.ts
/**
 * After Redis returns, the worker's connections reconnect (ioredis backs off up to 2 s),
 * then the next sweep (every 2 s) re-enqueues and the job runs: about two intervals in all.
 */
const RECOVERY_BUDGET_MS = 3 * SWEEP_INTERVAL_MS;

interface Encoded {
  encode: { id: string; pendingAppraisal: boolean };
}

describe('appraisal survives Redis going down (real redis-server, stopped and restarted)', () => {
  let redis: PrivateRedis;
  let stack: Stack;
  let driver: Driver;
  let seq = 0;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    stack = await startStack({ tenants: 1, worker: false, env: { REDIS_URL: redis.url } });
    // The database is shared with other stacks: this worker sweeps only this file's tenant.
    stack.env.LIMBIC_SWEEP_TENANTS = stack.tenants[0]!.id;
    driver = testDriver();
    await client().ok(CREATE_AGENT, { id: 'survivor' });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
    await redis?.stop();
  });

  const client = () => stack.tenants[0]!.client;
  const appraised = (id: string, timeoutMs: number) =>
    eventually(() => memoryFlags(driver, id), (m) => m?.pendingAppraisal === false, timeoutMs);

  async function encode(content: string): Promise<{ id: string; pending: boolean; ms: number }> {
    const started = Date.now();
    const r = await client().ok<Encoded>(ENCODE, { input: { agentId: 'survivor', content, externalId: `x${++seq}` } });
    return { id: r.encode.id, pending: r.encode.pendingAppraisal, ms: Date.now() - started };
  }

  async function ready(): Promise<{ status: number; body: { neo4j: boolean; redis: boolean } }> {
    const res = await fetch(`${stack.url}/health/ready`);
    return { status: res.status, body: (await res.json()) as { neo4j: boolean; redis: boolean } };
  }

  it('encode still answers while Redis is down, and the sweep appraises the memory once Redis is back', async () => {
    const worker = await stack.startWorker();
    const warm = await encode('Warm-up: the worker is running and appraising.');
    expect((await appraised(warm.id, 60_000))?.pendingAppraisal).toBe(false);

    await redis.kill();
    const down = await eventually(ready, (r) => r.status === 503, 10_000);
    expect(down).toEqual({ status: 503, body: expect.objectContaining({ neo4j: true, redis: false }) as unknown });
    // Each readiness answer while Redis is down comes within a second (a load balancer's probe).
    const probeStarted = Date.now();
    expect((await ready()).status).toBe(503);
    expect(Date.now() - probeStarted).toBeLessThan(1000);

    const m = await encode('Wrote this while Redis was down; it must not be lost.');
    expect(m.pending).toBe(true);
    expect(m.ms).toBeLessThan(2000); // the producer fails fast instead of waiting for Redis
    // Recall too: the tenant rate limiter decides in-process (its Redis commands fail fast),
    // and its effects job is added in the background, so the answer does not wait on Redis.
    const recallStarted = Date.now();
    const recalled = await client().ok<{ recall: { items: unknown[] } }>(RECALL, { input: { agentId: 'survivor', query: 'Redis down' } });
    expect(recalled.recall.items.length).toBeGreaterThan(0);
    expect(Date.now() - recallStarted).toBeLessThan(2000);
    // Two sweeps fail meanwhile; the worker keeps running and the memory stays pending.
    await new Promise((r) => setTimeout(r, 2 * SWEEP_INTERVAL_MS));
    expect(worker.child.exitCode).toBeNull();
    expect((await memoryFlags(driver, m.id))?.pendingAppraisal).toBe(true);

    await redis.restart();
    const back = Date.now();
    expect((await appraised(m.id, 30_000))?.pendingAppraisal).toBe(false);
    expect(Date.now() - back).toBeLessThan(RECOVERY_BUDGET_MS);
    expect((await eventually(ready, (r) => r.status === 200, 10_000)).body).toEqual(expect.objectContaining({ neo4j: true, redis: true }));
    // Through the outage both processes kept to their JSON log lines: no raw error dumps from
    // a Redis client (checked last, so that a failure here leaves Redis running for the next test).
    const raw = (output: string) => output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
    expect({ api: raw(stack.api.output()), worker: raw(worker.output()) }).toEqual({ api: [], worker: [] });
  }, 120_000);

  it('a job Redis lost before it ran (restart with no persistence) is re-enqueued by the sweep', async () => {
    await stack.worker?.stop();
    const m = await encode('Queued, then Redis forgot the queue.');
    const queue = new Queue('appraisal', { connection: { host: '127.0.0.1', port: redis.port }, prefix: stack.env.LIMBIC_QUEUE_PREFIX });
    try {
      // Enqueued by the API right after the commit, without making the answer wait for Redis.
      expect(await eventually(() => queue.getJob(`appraisal-${m.id}`), (j) => j !== undefined, 5000)).toBeDefined();
      await redis.kill();
      await redis.restart();
      expect(await queue.getJob(`appraisal-${m.id}`)).toBeUndefined(); // gone with Redis
    } finally {
      await queue.close();
    }
    expect((await memoryFlags(driver, m.id))?.pendingAppraisal).toBe(true);

    await stack.startWorker(); // its first sweep runs at start-up
    expect((await appraised(m.id, 60_000))?.pendingAppraisal).toBe(false);
  }, 120_000);
});
