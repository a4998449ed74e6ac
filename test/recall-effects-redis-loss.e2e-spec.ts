import { Queue } from 'bullmq';
import type { Driver } from 'neo4j-driver';
import { eventually, testDriver } from './support/neo4j';
import type { RunningProcess } from './support/processes';
import { deleteQueueKeys } from './support/queue-keys';
import { startStack, type Stack } from './support/stack';

/**
 * Issue 19 / DESIGN §6: recall effects survive a Redis loss like appraisals do. The API records
 * each recall in Neo4j (pending) after answering; the worker's sweep re-enqueues what Redis
 * lost, and the effects apply exactly once per recallId however often the job arrives.
 */
const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { recallId items { memory { id } } } }`;
const FEEDBACK = `mutation($input: FeedbackInput!) { feedback(input: $input) { applied } }`;
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SWEEP_INTERVAL_MS = 2000; // set by test/support/stack.ts

describe('recall effects survive losing their job with Redis', () => {
  let stack: Stack;
  let driver: Driver;
  const client = () => stack.tenants[0]!.client;
  const tenantId = () => stack.tenants[0]!.id;
  const prefix = () => stack.env.LIMBIC_QUEUE_PREFIX!;
  const workers: RunningProcess[] = [];
  const startWorker = async () => {
    const w = await stack.startWorker();
    workers.push(w);
    return w;
  };
  const stopWorkers = async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  };

  async function record(recallId: string): Promise<{ pending: boolean; applied: boolean } | null> {
    const { records } = await driver.executeQuery(
      'MATCH (e:RecallEffect {tenantId: $t, id: $id}) RETURN e.pendingSince IS NOT NULL AS pending, e.appliedAt IS NOT NULL AS applied',
      { t: tenantId(), id: recallId },
      DB,
    );
    return (records[0]?.toObject() as { pending: boolean; applied: boolean } | undefined) ?? null;
  }

  async function accesses(ids: readonly string[]): Promise<number[][]> {
    const { records } = await driver.executeQuery(
      'UNWIND $ids AS id MATCH (m:Memory {tenantId: $t, id: id}) RETURN [coalesce(m.accessCount, 0), size(coalesce(m.accessTimes, []))] AS a ORDER BY id',
      { t: tenantId(), ids },
      DB,
    );
    return records.map((r) => (r.get('a') as unknown[]).map(Number));
  }

  /** Recalls with no worker running and waits until the API recorded it and queued its job. */
  async function recallWithoutWorker(query: string): Promise<{ recallId: string; ids: string[]; job: Record<string, unknown> }> {
    const r = (await client().ok<{ recall: { recallId: string; items: { memory: { id: string } }[] } }>(RECALL, { input: { agentId: 'ivy', query, topK: 3 } })).recall;
    expect(await eventually(() => record(r.recallId), (x) => x !== null, 10_000)).toEqual({ pending: true, applied: false });
    const queue = new Queue('recall-effects', { connection: { url: REDIS_URL }, prefix: prefix() });
    try {
      const job = await eventually(() => queue.getJob(`recall-effects-${r.recallId}`), (j) => j !== undefined, 10_000);
      return { recallId: r.recallId, ids: r.items.map((i) => i.memory.id).sort(), job: job!.data as Record<string, unknown> };
    } finally {
      await queue.close();
    }
  }

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, worker: false });
    driver = testDriver();
    await client().ok(CREATE_AGENT, { id: 'ivy' });
    const texts = ['The backup job failed at midnight.', 'We restored the backup from the replica.', 'The backup window moved to 2 am.', 'Lunch was noodles.'];
    for (const [i, content] of texts.entries()) await client().ok(ENCODE, { input: { agentId: 'ivy', content, externalId: `i${i}` } });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('the sweep re-enqueues a lost job; a duplicate delivery after it applies nothing again', async () => {
    const r = await recallWithoutWorker('backup failed restored');
    expect(r.ids.length).toBeGreaterThan(0);
    const before = await accesses(r.ids);
    for (const a of before) expect(a).toEqual([0, 0]);
    // Feedback does not wait for the effects: the record is there from the answer on.
    expect((await client().ok<{ feedback: { applied: boolean } }>(FEEDBACK, { input: { recallId: r.recallId, memoryId: r.ids[0], signal: 'USED' } })).feedback.applied).toBe(true);

    // Redis loses every queue of this stack (what a FLUSHALL or an unpersisted restart does to it).
    await deleteQueueKeys(prefix());
    const queue = new Queue('recall-effects', { connection: { url: REDIS_URL }, prefix: prefix() });
    try {
      expect(await queue.getJob(`recall-effects-${r.recallId}`)).toBeUndefined();
      // Two workers: the recall-effects sweep runs once per period for the deployment, on either,
      // and re-adds the lost job under its own id; it applies the effects.
      await Promise.all([startWorker(), startWorker()]);
      expect(await eventually(() => record(r.recallId), (x) => x?.applied === true, 60_000)).toEqual({ pending: false, applied: true });
      const outcome = async (id: string) => ((await queue.getJob(id))?.returnvalue ?? undefined) as string | undefined;
      const settled = (x: string | undefined) => x !== undefined && x !== null;
      expect(await eventually(() => outcome(`recall-effects-${r.recallId}`), settled, 30_000)).toBe('done');
      // The same job delivered again under another id, as a retried or replayed job would be:
      // it finds the recall applied and changes nothing.
      await queue.add('recall-effects', r.job, { jobId: `redelivered-${r.recallId}` });
      expect(await eventually(() => outcome(`redelivered-${r.recallId}`), settled, 30_000)).toBe('skipped');
    } finally {
      await queue.close();
    }
    // Later sweeps find nothing pending and add nothing.
    await new Promise((resolve) => setTimeout(resolve, 2 * SWEEP_INTERVAL_MS));
    for (const a of await accesses(r.ids)) expect(a).toEqual([1, 1]);
  }, 120_000);

  it('records older than the retention are deleted, applied or still pending; feedback on them is NOT_FOUND', async () => {
    const applied = (await client().ok<{ recall: { recallId: string } }>(RECALL, { input: { agentId: 'ivy', query: 'backup window', topK: 2 } })).recall;
    expect(await eventually(() => record(applied.recallId), (x) => x?.applied === true, 30_000)).toEqual({ pending: false, applied: true });
    await stopWorkers();
    const lost = await recallWithoutWorker('noodles lunch');
    await deleteQueueKeys(prefix());
    const lostBefore = await accesses(lost.ids);
    // Both records are older than a 1 s retention by the time the next worker sweeps.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stack.env.LIMBIC_RECALL_RECORD_RETENTION_MS = '1000';
    try {
      await startWorker();
    } finally {
      delete stack.env.LIMBIC_RECALL_RECORD_RETENTION_MS;
    }
    expect(await eventually(async () => [await record(applied.recallId), await record(lost.recallId)], (x) => x.every((y) => y === null), 30_000)).toEqual([null, null]);
    // The expired pending recall's effects were given up, not applied late.
    await new Promise((resolve) => setTimeout(resolve, 2 * SWEEP_INTERVAL_MS));
    expect(await accesses(lost.ids)).toEqual(lostBefore);
    expect(await client().errorCode(FEEDBACK, { input: { recallId: lost.recallId, memoryId: lost.ids[0], signal: 'USED' } })).toBe('NOT_FOUND');
  }, 120_000);
});
