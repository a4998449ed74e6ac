import { Queue } from 'bullmq';
import type { Driver } from 'neo4j-driver';
import { cypher } from './support/consolidation-harness';
import { eventually, testDriver } from './support/neo4j';
import { testPort, waitForOk, type RunningProcess } from './support/processes';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id, preset: personal }) { id } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created } }`;
const HOUR = 3_600_000;
const BATCH = 60;
const PERIOD_MS = 2000; // every sweep's period here (LIMBIC_PENDING_SWEEP_INTERVAL_MS from test/support/stack.ts)
/** Rows per sweep page: a batch's appraisal and review sweeps take eight pages each. */
const PAGE = 8;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Worker {
  readonly proc: RunningProcess;
  readonly port: number;
}

/**
 * Three worker processes against one Neo4j and one Redis (issue 22): each periodic task runs
 * once per period for the deployment, not once per worker; every appraisal and review of a
 * batch is applied exactly once, by whichever worker takes it; a worker SIGKILLed in the middle
 * of a periodic run loses nothing: the run is taken up by another worker and the work finishes.
 * A sweep larger than one page goes on in follow-on pages that the workers share.
 */
describe('several workers share one deployment’s work', () => {
  let stack: Stack;
  let driver: Driver;
  let tenant: string;
  let startedAt = 0;
  const workers: Worker[] = [];
  let texts = 0;

  const queue = (name: string) => new Queue(name, { connection: { url: REDIS_URL }, prefix: stack.env.LIMBIC_QUEUE_PREFIX });
  async function withQueue<T>(name: string, use: (q: Queue) => Promise<T>): Promise<T> {
    const q = queue(name);
    try {
      return await use(q);
    } finally {
      await q.close();
    }
  }

  async function encodeBatch(n: number): Promise<void> {
    const items = Array.from({ length: n }, () => {
      const i = texts++;
      return { content: `Entry ${i}: the ${['river', 'lantern', 'glacier', 'falcon', 'orchard'][i % 5]} number${i} token${i * 31} moved.`, affect: { valence: 0, arousal: 0.3, dominance: 0.5 } };
    });
    await stack.tenants[0]!.client.ok(ENCODE_BATCH, { input: { agentId: 'crew', items } });
  }

  /** Memories by state: still pending appraisal, reviewed once, reviewed more than once. */
  async function progress(): Promise<{ total: number; pending: number; once: number; more: number }> {
    const [row] = await cypher<Record<string, number>>(
      driver,
      `MATCH (m:Memory {tenantId: $tenant}) RETURN count(m) AS total,
         sum(CASE WHEN m.pendingAppraisal THEN 1 ELSE 0 END) AS pending,
         sum(CASE WHEN m.reviewCount = 1 THEN 1 ELSE 0 END) AS once,
         sum(CASE WHEN m.reviewCount > 1 THEN 1 ELSE 0 END) AS more`,
      { tenant },
    );
    return { total: Number(row?.total ?? 0), pending: Number(row?.pending ?? 0), once: Number(row?.once ?? 0), more: Number(row?.more ?? 0) };
  }

  /**
   * limbic_periodic_runs_total{task, outcome="done" or "skipped"} summed over the running
   * workers: a period whose task still had a run paging stands aside (skipped), and is still
   * that period's one run.
   */
  async function runsOf(task: string): Promise<number> {
    let sum = 0;
    for (const w of workers) {
      if (w.proc.child.exitCode !== null || w.proc.child.signalCode !== null) continue;
      const body = await (await fetch(`http://127.0.0.1:${w.port}/metrics`)).text();
      // The registry appends its default labels (service) after the metric's own.
      for (const outcome of ['done', 'skipped']) {
        const line = body.split('\n').find((l) => l.startsWith(`limbic_periodic_runs_total{task="${task}",outcome="${outcome}"`));
        sum += line ? Number(line.split(' ').pop()) : 0;
      }
    }
    return sum;
  }

  async function startWorker(): Promise<Worker> {
    const port = testPort();
    stack.env.LIMBIC_WORKER_PORT = String(port);
    const proc = await stack.startWorker();
    await waitForOk(`http://127.0.0.1:${port}/health/ready`, proc);
    const w = { proc, port };
    workers.push(w);
    return w;
  }

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, env: { LIMBIC_EMBEDDER: 'hash', LIMBIC_LOG_LEVEL: 'warn' } });
    driver = testDriver();
    tenant = stack.tenants[0]!.id;
    await stack.tenants[0]!.client.ok(CREATE_AGENT, { id: 'crew' });
    await encodeBatch(BATCH);
    // Redis lost the batch's appraisal jobs (as in a flush): only the appraisal sweep, page by
    // page, can put them back. The API adds them just after it answers: wait until all landed,
    // or a late add would survive the loss and be appraised before any sweep sees it pending.
    await eventually(() => withQueue('appraisal', (q) => q.getJobCountByTypes('waiting', 'prioritized')), (n) => n === BATCH, 30_000);
    await withQueue('appraisal', (q) => q.obliterate({ force: true }));
    Object.assign(stack.env, {
      LIMBIC_SWEEP_PAGE_SIZE: String(PAGE),
      // Every first review (due about an hour after encoding) is due at once on the workers' clock.
      LIMBIC_CLOCK_OFFSET_MS: String(2 * HOUR),
      LIMBIC_REVIEW_SWEEP_INTERVAL_MS: String(PERIOD_MS),
      // Short locks: a killed worker's jobs come back within seconds.
      LIMBIC_QUEUE_SETTINGS: JSON.stringify({
        appraisal: { lockDurationMs: 4000, stalledIntervalMs: 1000 },
        consolidation: { lockDurationMs: 4000, stalledIntervalMs: 1000 },
        periodic: { lockDurationMs: 4000, stalledIntervalMs: 1000 },
      }),
    });
    startedAt = Date.now();
    // Side by side: each spawns at once with the settings above (only the wait is awaited), so no
    // worker gets a head start long enough to take every job of the batch on a loaded machine.
    await Promise.all([startWorker(), startWorker(), startWorker()]);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('applies every appraisal and first review of a batch exactly once, the workers sharing the jobs', async () => {
    const done = await eventually(progress, (p) => p.pending === 0 && p.once + p.more === BATCH, 90_000);
    expect(done).toEqual({ total: BATCH, pending: 0, once: BATCH, more: 0 });
    // One completed job per memory and queue, each of which did the work ('done', not 'skipped').
    for (const name of ['appraisal', 'consolidation']) {
      const jobs = await withQueue(name, (q) => q.getJobs(['completed'], 0, 10 * BATCH));
      expect({ name, jobs: jobs.length, done: jobs.filter((j) => j.returnvalue === 'done').length }).toEqual({ name, jobs: BATCH, done: BATCH });
      if (name === 'consolidation') expect(new Set(jobs.map((j) => j.processedBy)).size).toBeGreaterThan(1);
    }
  }, 120_000);

  it('reads a sweep larger than one page in follow-on pages, jobs any worker may take, each page once', async () => {
    const pages = await withQueue('periodic', (q) => q.getJobs(['completed'], 0, 1000));
    const byRun = new Map<string, { task: string; index: number; by: string }[]>();
    for (const job of pages) {
      const page = (job.data as { page?: { run: string; index: number } }).page;
      if (!page) continue;
      byRun.set(page.run, [...(byRun.get(page.run) ?? []), { task: job.name, index: page.index, by: job.processedBy ?? '' }]);
    }
    const runsOf = (task: string) => [...byRun.entries()].filter(([run]) => run.startsWith(`repeat:${task}:`)).map(([, p]) => p.map((x) => x.index).sort((x, y) => x - y));
    // Every run's follow-ons are numbered 1..n, each run once (the page's id is its run and number).
    for (const task of ['appraisal-sweep', 'review-sweep']) {
      const runs = runsOf(task);
      expect({ task, runs: runs.length > 0 }).toEqual({ task, runs: true });
      for (const p of runs) expect(p).toEqual(p.map((_, i) => i + 1));
    }
    // The first appraisal run that saw the batch pending (all of it at once: one encodedAt, which
    // never changes) read it in eight pages of eight: seven follow-ons. The next periods stood
    // aside while it paged (its paging lease): a run started beside it would have read the rows
    // just ahead of its cursor, and its page count would be a race (a run of eight page jobs
    // takes longer than the 2 s period on a loaded 2-core machine). (A review's key, its due
    // time, moves when an appraisal reschedules it, so a review run may see fewer pages.)
    expect(Math.max(...runsOf('appraisal-sweep').map((p) => p.length))).toBe(Math.ceil(BATCH / PAGE) - 1);
    // Pages are jobs any worker may take, but one page follows another (keyset order) and BullMQ
    // hands the worker that completes a job the next waiting one, so the follow-ons of a run
    // usually stay on one worker: which one is not asserted. What the workers share is the jobs
    // the pages add (the first test: appraisals and reviews done by more than one worker).
    expect([...byRun.values()].flat().every((p) => p.by !== '')).toBe(true);
    // And every appraisal the pages enqueued ran once (the first test: one 'done' job per memory).
    const appraisals = await withQueue('appraisal', (q) => q.getJobs(['completed', 'failed', 'waiting', 'active', 'delayed'], 0, 10 * BATCH));
    expect(new Set(appraisals.map((j) => j.id)).size).toBe(appraisals.length);
    expect(appraisals.length).toBe(BATCH);
  }, 60_000);

  it('runs each periodic task once per period for the deployment, not once per worker', async () => {
    await new Promise((r) => setTimeout(r, 4 * PERIOD_MS));
    const periodsOf = async (task: string): Promise<number[]> => {
      const jobs = await withQueue('periodic', (q) => q.getJobs(['completed'], 0, 1000));
      // A scheduler's job id names its period (`repeat:<task>:<ms>`).
      return jobs.filter((j) => j.name === task).map((j) => Number(String(j.id).split(':').pop()));
    };
    for (const task of ['appraisal-sweep', 'recall-effects-sweep', 'review-sweep']) {
      const before = await periodsOf(task);
      const runs = await runsOf(task);
      const after = await periodsOf(task);
      // One job per period, a period apart.
      expect(new Set(after).size).toBe(after.length);
      const sorted = [...after].sort((a, b) => a - b);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(PERIOD_MS);
      // Summed over the three workers, the runs are the periods' jobs (a run counts just before
      // its job completes, hence the two reads around it): each period ran once, on one worker.
      expect({ task, runs, atLeast: runs >= before.length, atMost: runs <= after.length }).toEqual({ task, runs, atLeast: true, atMost: true });
      expect(runs).toBeGreaterThanOrEqual(3);
      expect(runs).toBeLessThanOrEqual(Math.floor((Date.now() - startedAt) / PERIOD_MS) + 2);
    }
  }, 60_000);

  it('a worker SIGKILLed in the middle of a periodic run loses nothing: another takes the run up, and the work finishes once', async () => {
    await encodeBatch(BATCH);
    const pids = new Map(workers.map((w) => [`:${w.proc.child.pid}`, w]));
    // Wait for a periodic run in flight on one of the workers and freeze that worker (SIGSTOP:
    // it sends nothing more). A run is short: it may have completed in the moment between being
    // seen and the freeze, or its completion may have been on its way to Redis. So the state is
    // read once the frozen worker's last words have landed: a run still active then can only be
    // finished by another worker, and its worker is SIGKILLed; a run completed by then was not
    // interrupted, and its worker is thawed (SIGCONT, within its lock) to wait for the next one.
    const q = queue('periodic');
    let victim: { jobId: string; worker: Worker } | undefined;
    let killed = '';
    try {
      const deadline = Date.now() + 60_000;
      while (!killed && Date.now() < deadline) {
        victim = undefined;
        for (const job of await q.getJobs(['active'])) {
          const worker = [...pids].find(([suffix]) => job.processedBy?.endsWith(suffix))?.[1];
          if (worker && job.id) victim = { jobId: job.id, worker };
        }
        if (!victim) {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        victim.worker.proc.child.kill('SIGSTOP');
        await new Promise((r) => setTimeout(r, 250));
        if ((await (await q.getJob(victim.jobId))?.getState()) === 'active') {
          await victim.worker.proc.stop('SIGKILL');
          killed = `:${victim.worker.proc.child.pid}`;
        } else {
          victim.worker.proc.child.kill('SIGCONT');
        }
      }
      expect(killed).not.toBe('');

      // Its run stalls (nobody renews the lock) and a surviving worker completes it.
      const taken = await eventually(
        async () => {
          const job = await q.getJob(victim!.jobId);
          return { state: await job?.getState(), by: job?.processedBy ?? '' };
        },
        (j) => j.state === 'completed',
        60_000,
      );
      expect(taken.state).toBe('completed');
      expect(taken.by.endsWith(killed)).toBe(false);
    } finally {
      await q.close();
    }

    const done = await eventually(progress, (p) => p.pending === 0 && p.once + p.more === 2 * BATCH, 120_000);
    expect(done).toEqual({ total: 2 * BATCH, pending: 0, once: 2 * BATCH, more: 0 });
    // The survivors keep the schedule: runs go on after the kill.
    const before = await runsOf('review-sweep');
    expect(await eventually(() => runsOf('review-sweep'), (n) => n > before, 20_000)).toBeGreaterThan(before);
  }, 240_000);

  it('fails a job whose payload its queue’s schema refuses at once, for good, with the reason, and never runs its handler', async () => {
    const memoryId = 'not-a-memory';
    await withQueue('appraisal', async (q) => {
      // An old or foreign producer: a version this build does not know, and a snapshot it should not carry.
      await q.add('appraise', { v: 3, tenantId: tenant, agentId: 'crew', memoryId, content: 'a snapshot' }, { jobId: 'bad-payload', attempts: 5, backoff: { type: 'fixed', delay: 100 } });
      const job = await eventually(async () => q.getJob('bad-payload'), (j) => j?.finishedOn !== undefined, 30_000);
      expect({ state: await job?.getState(), attemptsMade: job?.attemptsMade, reason: job?.failedReason }).toEqual({
        state: 'failed',
        attemptsMade: 1,
        reason: expect.stringMatching(/^invalid appraisal payload: v: /) as unknown,
      });
    });
  }, 60_000);
});
