import type { Driver } from 'neo4j-driver';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { cypher, deleteQueueKeys } from './support/consolidation-harness';
import { eventually, testDriver } from './support/neo4j';
import { testPort, uniqueSuffix, waitForOk, type RunningProcess } from './support/processes';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id, preset: personal }) { id } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created } }`;
const HOUR = 3_600_000;
const MEMORIES = 600;

const WORDS = (
  'river copper lantern violin glacier meadow harbor pepper canyon falcon orchard quartz saddle tundra velvet walnut ' +
  'yonder zephyr anchor basil cedar dune ember fjord garnet hazel igloo jasper kettle lilac mango nectar oasis prism ' +
  'quill raven sable thistle umber vortex willow xenon yarrow zinnia amber bramble cobalt dahlia ebony fennel ginger'
).split(' ');

/** Distinct texts (no near-duplicates, so no merges): a few random words each. */
function text(i: number): string {
  const pick = (k: number) => WORDS[(i * 7 + k * 13 + Math.floor(i / WORDS.length) * k) % WORDS.length];
  return `Entry ${i}: ${pick(1)} ${pick(2)} ${pick(3)} ${pick(5)} ${pick(8)} number${i} token${i * 31}.`;
}

/**
 * Operations against the real Redis and Neo4j: a worker SIGKILLed in the middle of a batch
 * of reviews and started again applies every due review exactly once; graceful shutdown;
 * metrics, JSON logs, the admin dashboard and failed-job visibility.
 */
describe('operations: crash safety, shutdown, metrics, logs, dashboard', () => {
  const suffix = uniqueSuffix();
  const prefix = `limbic-test-ops-${suffix}`;
  const adminKey = `admin-${suffix}-0123456789`;
  const workerPort = testPort();
  let stack: Stack;
  let driver: Driver;
  let tenant: string;

  beforeAll(async () => {
    stack = await startStack({
      tenants: 1,
      env: { LIMBIC_QUEUE_PREFIX: prefix, LIMBIC_EMBEDDER: 'hash', LIMBIC_ADMIN_KEY: adminKey, LIMBIC_LOG_LEVEL: 'log', LIMBIC_LOG_FORMAT: 'json' },
    });
    driver = testDriver();
    tenant = stack.tenants[0]!.id;
    await stack.tenants[0]!.client.ok(CREATE_AGENT, { id: 'ops' });
    for (let start = 0; start < MEMORIES; start += 200) {
      const items = Array.from({ length: 200 }, (_, k) => ({ content: text(start + k), affect: { valence: 0, arousal: 0.3, dominance: 0.5 } }));
      await stack.tenants[0]!.client.ok(ENCODE_BATCH, { input: { agentId: 'ops', items } });
    }
    // The worker's clock runs two hours ahead (test-only setting), so every first review
    // (due an hour after encoding) is due at once; its sweep covers this tenant only.
    Object.assign(stack.env, {
      LIMBIC_CLOCK_OFFSET_MS: String(2 * HOUR),
      LIMBIC_REVIEW_TENANTS: tenant,
      LIMBIC_REVIEW_SWEEP_INTERVAL_MS: '1000',
      LIMBIC_WORKER_PORT: String(workerPort),
    });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
    await deleteQueueKeys(prefix);
  });

  const reviewed = async (): Promise<{ once: number; more: number }> => {
    const rows = await cypher<{ once: number; more: number }>(
      driver,
      `MATCH (m:Memory {tenantId: $tenant}) RETURN sum(CASE WHEN m.reviewCount = 1 THEN 1 ELSE 0 END) AS once,
              sum(CASE WHEN m.reviewCount > 1 THEN 1 ELSE 0 END) AS more`,
      { tenant },
    );
    return { once: Number(rows[0]?.once ?? 0), more: Number(rows[0]?.more ?? 0) };
  };

  const consolidationQueue = async <T>(use: (queue: Queue) => Promise<T>): Promise<T> => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queue = new Queue('consolidation', { connection: redis, prefix });
    try {
      return await use(queue);
    } finally {
      await queue.close();
      redis.disconnect();
    }
  };

  /**
   * For a failure message: the jobs whose state disagrees with Neo4j (a review applied but its
   * job not completed, or a job that is not a first review), and what the sweep logged.
   */
  const disagreement = async (queue: Queue, output: string): Promise<string> => {
    const rows = await cypher<{ id: string; reviewCount: number; archived: boolean; lastReviewedAt: string | null; nextReviewAt: string | null }>(
      driver,
      `MATCH (m:Memory {tenantId: $tenant}) RETURN m.id AS id, m.reviewCount AS reviewCount, m.archived AS archived,
              toString(m.lastReviewedAt) AS lastReviewedAt, toString(m.nextReviewAt) AS nextReviewAt`,
      { tenant },
    );
    const memories = new Map(rows.map((r) => [r.id, r]));
    const jobs = await queue.getJobs(['completed', 'waiting', 'prioritized', 'active', 'delayed', 'failed'], 0, 10 * MEMORIES);
    const odd: string[] = [];
    for (const job of jobs) {
      const state = await job.getState();
      const memory = memories.get(String(job.data?.memoryId));
      const applied = Number(memory?.reviewCount ?? 0) > Number(job.data?.reviewCount ?? 0);
      if (state === 'completed' ? !applied || job.returnvalue !== 'done' : applied || job.data?.reviewCount !== 0) {
        odd.push(
          `${job.id} ${state} ret=${String(job.returnvalue)} attempts=${job.attemptsMade} added=${job.timestamp} processed=${job.processedOn} ` +
            `finished=${job.finishedOn} memory=${JSON.stringify(memory)}`,
        );
      }
    }
    const sweeps = output.split('\n').filter((l) => /review sweep|requeued|attempt failed|stalled/i.test(l));
    return [`${jobs.length} jobs; odd:`, ...odd, 'worker lines:', ...sweeps.slice(-20)].join('\n');
  };

  /** Stops a worker and waits for its exit, failing with its output if it does not exit in time. */
  const stopWithin = async (worker: RunningProcess, signal: NodeJS.Signals, ms: number): Promise<number | null> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`worker did not exit ${ms} ms after ${signal}:\n${worker.output()}`)), ms);
    });
    try {
      return await Promise.race([worker.stop(signal), late]);
    } finally {
      clearTimeout(timer);
    }
  };

  // The two crash tests share one batch of first reviews: SIGTERM part-way, SIGKILL part-way
  // through the rest, then a last worker finishes it. Each reads where the batch stands when it
  // starts, so either holds when run alone.

  it('SIGTERM in the middle of a batch of reviews: in-flight reviews commit once, none is left active or lost, the process exits', async () => {
    const worker = await stack.startWorker();
    await eventually(reviewed, (r) => r.once >= MEMORIES * 0.1, 60_000);
    const termAt = Date.now();
    const code = await stopWithin(worker, 'SIGTERM', 30_000);
    // Exited by the signal (Nest re-raises it after its hooks), not by the shutdown deadline's exit(1).
    expect(code === 0 || worker.child.signalCode === 'SIGTERM').toBe(true);
    expect(worker.output()).not.toMatch(/"level":"(error|fatal)"/);

    const after = await reviewed();
    expect(after.more).toBe(0);
    expect(after.once).toBeLessThan(MEMORIES); // premise: the batch was cut short
    await consolidationQueue(async (queue) => {
      const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'completed', 'failed', 'prioritized');
      const completed = await queue.getJobs(['completed'], 0, MEMORIES);
      const diagnosis = async () => disagreement(queue, worker.output());
      // Nothing was abandoned mid-way: every job is either done or still waiting its turn.
      expect({ ...counts, why: counts.active || counts.failed || counts.delayed ? await diagnosis() : '' }).toMatchObject({ active: 0, failed: 0, delayed: 0, why: '' });
      const total = counts.completed! + counts.waiting! + counts.prioritized!;
      expect({ total, why: total === MEMORIES ? '' : await diagnosis() }).toEqual({ total: MEMORIES, why: '' });
      // Each job that completed committed its review (the counts in Neo4j and Redis agree)...
      expect({ completed: completed.length, why: completed.length === after.once ? '' : await diagnosis() }).toEqual({ completed: after.once, why: '' });
      expect(completed.every((j) => j.returnvalue === 'done')).toBe(true);
      // ...including those that were running when the signal came: closing let them finish.
      expect(completed.filter((j) => (j.finishedOn ?? 0) >= termAt).length).toBeGreaterThan(0);
    });
  }, 120_000);

  it('SIGKILL in the middle of a batch of reviews: after a restart every review took effect exactly once', async () => {
    const atStart = (await reviewed()).once;
    const first = await stack.startWorker();
    const before = await eventually(reviewed, (r) => r.once >= atStart + MEMORIES * 0.1, 60_000);
    expect(before.once).toBeLessThan(MEMORIES);
    await first.stop('SIGKILL');
    const atKill = await reviewed();
    expect(atKill.once).toBeGreaterThan(atStart);
    expect(atKill.once).toBeLessThan(MEMORIES);
    // The jobs the killed worker held: still 'active' in Redis, under a lock nobody renews
    // (usually up to its concurrency of 4; none if the kill fell between two jobs).
    const orphaned = await consolidationQueue(async (queue) => (await queue.getJobs(['active'], 0, MEMORIES)).map((j) => j.id!));

    const second = await stack.startWorker();
    try {
      const after = await eventually(reviewed, (r) => r.once === MEMORIES, 120_000);
      expect(after).toEqual({ once: MEMORIES, more: 0 });
      // Every review can be in Neo4j before the orphans' locks expire (a killed job may have
      // committed its review without marking the job done). The stalled-job check then hands
      // them to the new worker, which completes them without reviewing twice ('skipped' when
      // the killed attempt had committed its review).
      const drained = await eventually(
        () => consolidationQueue((queue) => queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized', 'failed')),
        (c) => c.active === 0 && c.waiting === 0 && c.delayed === 0 && c.prioritized === 0,
        60_000,
      );
      expect(drained.failed).toBe(0);
      const recovered = await consolidationQueue((queue) =>
        Promise.all(
          orphaned.map(async (id) => {
            const job = await queue.getJob(id);
            return { id, state: await job?.getState(), ret: job?.returnvalue as unknown };
          }),
        ),
      );
      for (const job of recovered) expect(job).toMatchObject({ state: 'completed', ret: expect.stringMatching(/^(done|skipped)$/) });
      expect(await reviewed()).toEqual({ once: MEMORIES, more: 0 });
      // Each review ran its formula once: stability after one review, from 1.
      const stabilities = await cypher<{ lo: number; hi: number; unreviewed: number }>(
        driver,
        `MATCH (m:Memory {tenantId: $tenant}) RETURN min(m.stability) AS lo, max(m.stability) AS hi,
                sum(CASE WHEN m.lastReviewedAt IS NULL THEN 1 ELSE 0 END) AS unreviewed`,
        { tenant },
      );
      expect(stabilities[0]?.lo).toBeGreaterThan(1.19);
      expect(stabilities[0]?.hi).toBeLessThan(2);
      expect(Number(stabilities[0]?.unreviewed)).toBe(0);

      // Nothing failed along the way.
      expect(await consolidationQueue((queue) => queue.getJobCountByTypes('failed'))).toBe(0);

      // Worker metrics and JSON logs carry the jobs.
      await waitForOk(`http://127.0.0.1:${workerPort}/health/live`, second);
      const metrics = await (await fetch(`http://127.0.0.1:${workerPort}/metrics`)).text();
      expect(metrics).toMatch(/limbic_job_duration_seconds_count\{[^}]*queue="consolidation"[^}]*outcome="done"[^}]*\} \d+/);
      expect(metrics).toMatch(/limbic_queue_depth\{[^}]*queue="consolidation"/);
      expect(metrics).toMatch(/limbic_neo4j_transaction_seconds_count\{[^}]*query="consolidation.review"/);

      // Graceful shutdown when idle: the process ends by the signal, leaving nothing active.
      const code = await stopWithin(second, 'SIGTERM', 30_000);
      expect(code === 0 || second.child.signalCode === 'SIGTERM').toBe(true);
      expect(second.output()).not.toMatch(/"level":"(error|fatal)"/);
      expect(await consolidationQueue((queue) => queue.getJobCountByTypes('active'))).toBe(0);
    } finally {
      // A failed assertion must not leave this worker running into the next test.
      await second.stop();
    }
  }, 300_000);

  it('keeps a job that failed for good, with its reason, visible in the admin dashboard', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queue = new Queue('consolidation', { connection: redis, prefix });
    const worker = await stack.startWorker();
    try {
      await queue.add('review', { v: 99 }, { jobId: `bad-${suffix}`, attempts: 3 });
      const failed = await eventually(
        async () => (await queue.getJob(`bad-${suffix}`))?.failedReason,
        (reason) => typeof reason === 'string' && reason.length > 0,
        30_000,
      );
      expect(failed).toMatch(/invalid consolidation payload: v: /);
      expect(await (await queue.getJob(`bad-${suffix}`))?.getState()).toBe('failed');
      await eventually(async () => worker.output(), (out) => out.includes('failed for good'), 10_000);
      const line = worker
        .output()
        .split('\n')
        .find((l) => l.includes('failed for good'));
      expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 'error', service: 'worker', jobId: `bad-${suffix}`, queue: 'consolidation' });
      // The worker's metrics count it as failed for good (an unreadable payload is never retried).
      await waitForOk(`http://127.0.0.1:${workerPort}/health/live`, worker);
      const metrics = await (await fetch(`http://127.0.0.1:${workerPort}/metrics`)).text();
      expect(metrics).toMatch(/limbic_job_failures_total\{(?=[^}]*queue="consolidation")(?=[^}]*final="true")[^}]*\} 1\n/);
      expect(metrics).not.toMatch(/limbic_job_failures_total\{(?=[^}]*queue="consolidation")(?=[^}]*final="false")[^}]*\} [1-9]/);

      // The dashboard: refused without the key, served with it (Basic for browsers, Bearer for tools).
      expect((await fetch(`${stack.url}/admin/queues`)).status).toBe(401);
      expect((await fetch(`${stack.url}/admin/queues`, { headers: { authorization: 'Bearer wrong-key-000000000' } })).status).toBe(401);
      const basic = `Basic ${Buffer.from(`ops:${adminKey}`).toString('base64')}`;
      const page = await fetch(`${stack.url}/admin/queues`, { headers: { authorization: basic } });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<html/i);
      const api = await fetch(`${stack.url}/admin/queues/api/queues?activeQueue=consolidation&status=failed`, {
        headers: { authorization: `Bearer ${adminKey}` },
      });
      expect(api.status).toBe(200);
      const body = JSON.stringify(await api.json());
      expect(body).toContain(`bad-${suffix}`);
      expect(body).toContain('invalid consolidation payload: v: ');
    } finally {
      await worker.stop();
      await queue.close();
      redis.disconnect();
    }
  }, 120_000);

  it('API metrics by operation and JSON logs with the request id', async () => {
    const res = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.tenants[0]!.key}`, 'x-request-id': `req-${suffix}` },
      body: JSON.stringify({ query: 'query($input: RecallInput!) { recall(input: $input) { items { rank } } }', variables: { input: { agentId: 'ops', query: 'river copper' } } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(`req-${suffix}`);
    const metrics = await (await fetch(`${stack.url}/metrics`)).text();
    expect(metrics).toMatch(/limbic_graphql_request_duration_seconds_count\{[^}]*operation="query:recall"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/limbic_graphql_request_duration_seconds_count\{[^}]*operation="mutation:encodeBatch"/);
    expect(metrics).toMatch(/limbic_recall_total\{[^}]*outcome="ok"[^}]*\} [1-9]/);
    expect(metrics).toMatch(/limbic_encode_total\{[^}]*field="encodeBatch"/);
    expect(metrics).toMatch(/limbic_neo4j_transaction_seconds_count/);
    expect(metrics).toMatch(/limbic_queue_depth/);
    await eventually(async () => stack.api.output(), (out) => out.includes(`"requestId":"req-${suffix}"`), 5_000);
    const line = stack.api
      .output()
      .split('\n')
      .find((l) => l.includes(`"requestId":"req-${suffix}"`) && l.includes('graphql request'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 'log', service: 'api', requestId: `req-${suffix}`, operation: 'query:recall' });
  });
});
