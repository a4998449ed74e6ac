import type { Driver } from 'neo4j-driver';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { cypher, deleteQueueKeys, drain, startInProcessWorker, type InProcessWorker } from './support/consolidation-harness';
import { eventually, testDriver } from './support/neo4j';
import { uniqueSuffix } from './support/processes';
import { startStack, type Stack } from './support/stack';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MEMORIES = 12;

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id, preset: personal }) { id } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created } }`;

interface State {
  readonly id: string;
  readonly reviewCount: number;
  readonly nextReviewAt: number;
  readonly lastReviewedAt: number | null;
}

/**
 * Neo4j's `nextReviewAt` is the truth and Redis only its near future: losing every key of the
 * consolidation queue — delayed jobs not yet due, then due jobs waiting their turn — loses no
 * review, and none is applied twice. The worker module runs in this process on a simulated
 * clock against the real Redis and Neo4j; "flushing" deletes this test's queue keys only.
 */
describe('consolidation: a Redis flush loses no review', () => {
  const prefix = `limbic-test-flush-${uniqueSuffix()}`;
  const t0 = Date.now();
  let stack: Stack;
  let driver: Driver;
  let worker: InProcessWorker;
  let tenant: string;
  let redis: Redis;
  let queue: Queue;

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, env: { LIMBIC_QUEUE_PREFIX: prefix, LIMBIC_EMBEDDER: 'hash' } });
    driver = testDriver();
    tenant = stack.tenants[0]!.id;
    const client = stack.tenants[0]!.client;
    await client.ok(CREATE_AGENT, { id: 'rex' });
    const items = Array.from({ length: MEMORIES }, (_, i) => ({ content: `Flush note ${i}: harbor ${i * 7} lantern ${i * 13}.`, affect: { valence: 0, arousal: 0.3, dominance: 0.5 } }));
    await client.ok(ENCODE_BATCH, { input: { agentId: 'rex', items } });
    worker = await startInProcessWorker(
      {
        LIMBIC_QUEUE_PREFIX: prefix,
        LIMBIC_EMBEDDER: 'hash',
        LIMBIC_REVIEW_TENANTS: tenant,
        LIMBIC_REVIEW_HORIZON_MS: String(HOUR),
        // The test sweeps by hand; the timer's sweeps would race it.
        LIMBIC_REVIEW_SWEEP_INTERVAL_MS: '86400000',
        LIMBIC_PENDING_SWEEP_INTERVAL_MS: '1000',
      },
      t0,
    );
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    queue = new Queue('consolidation', { connection: redis, prefix });
    // Reviews start from the appraised memories (the appraisal sweep picks them up).
    const pending = await eventually(
      async () => (await cypher<{ n: number }>(driver, 'MATCH (m:Memory {tenantId: $tenant}) WHERE m.pendingAppraisal = true RETURN count(m) AS n', { tenant }))[0]?.n,
      (n) => n === 0,
      30_000,
    );
    expect(pending).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    redis?.disconnect();
    await stack?.stop();
    await driver?.close();
    await deleteQueueKeys(prefix);
  });

  const states = (): Promise<State[]> =>
    cypher<State>(
      driver,
      `MATCH (m:Memory {tenantId: $tenant}) RETURN m.id AS id, m.reviewCount AS reviewCount,
              m.nextReviewAt.epochMillis AS nextReviewAt, m.lastReviewedAt.epochMillis AS lastReviewedAt ORDER BY id`,
      { tenant },
    );
  const counts = () => queue.getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized');
  const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);

  it('delayed jobs lost before they were due: the next sweep queues every review again and each applies once', async () => {
    // Half an hour after encoding, every first review (due at one hour) is within the horizon.
    worker.clock.set(t0 + 30 * MINUTE);
    expect(await worker.sweep.sweepOnce()).toMatchObject({ scheduled: MEMORIES });
    expect(await counts()).toMatchObject({ delayed: MEMORIES });

    await deleteQueueKeys(prefix);
    expect(total(await counts())).toBe(0);

    worker.clock.set(t0 + 2 * HOUR);
    await worker.sweep.sweepOnce();
    await drain(worker, driver, tenant);
    const after = await states();
    expect(after).toHaveLength(MEMORIES);
    for (const m of after) expect(m).toMatchObject({ reviewCount: 1, lastReviewedAt: t0 + 2 * HOUR });
  });

  it('due jobs lost while waiting their turn: every review still takes effect, exactly once, and replays are skipped', async () => {
    const before = await states();
    const due = Math.max(...before.map((m) => m.nextReviewAt)) + MINUTE;
    // Paused, the worker takes nothing: the second reviews sit in Redis, due, when Redis loses them.
    await queue.pause();
    worker.clock.set(due);
    expect(await worker.sweep.sweepOnce()).toMatchObject({ scheduled: MEMORIES });
    const held = await counts();
    expect(held.waiting).toBe(MEMORIES);
    expect(held.completed ?? 0).toBe(MEMORIES); // the first reviews' records: the guard against replays

    await deleteQueueKeys(prefix); // also drops the pause flag
    expect(total(await counts())).toBe(0);
    await worker.sweep.sweepOnce();
    await drain(worker, driver, tenant);
    const after = await states();
    for (const m of after) expect(m).toMatchObject({ reviewCount: 2, lastReviewedAt: due });

    // Once Redis has lost the completed records too, nothing there stops a replay of the first
    // and second reviews (a stale producer, an old sweep): Neo4j's review number does.
    await deleteQueueKeys(prefix);
    await worker.queue.schedule(
      before.flatMap((m) => [0, 1].map((n) => ({ tenantId: tenant, agentId: 'rex', memoryId: m.id, reviewCount: n, nextReviewAt: due }))),
      due,
    );
    await eventually(counts, (c) => (c.completed ?? 0) === 2 * MEMORIES && (c.waiting ?? 0) + (c.active ?? 0) === 0, 30_000);
    expect(await states()).toEqual(after);
    const outcomes = (await queue.getJobs(['completed'], 0, 2 * MEMORIES)).map((j) => j.returnvalue as string);
    expect(new Set(outcomes)).toEqual(new Set(['skipped']));
  });
});
