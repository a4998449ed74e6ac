import { Logger, type LogLevel } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigModule } from '@limbic/config';
import { JobProducer, JobsModule, type JobOutcome, type QueueName } from '@limbic/jobs';
import { jobFailures, JsonLogger } from '@limbic/observability';
import { JOB_HANDLERS, type JobHandler, type JobInfo } from '../../apps/worker/src/runner/job-handler';
import { JobRunner, SERVED_QUEUES } from '../../apps/worker/src/runner/job-runner';
import { deleteQueueKeys } from '../support/consolidation-harness';
import { eventually } from '../support/neo4j';
import { uniqueSuffix } from '../support/processes';

const BACKOFF_MS = 150;
const TIMEOUT_MS = 400;

/** What the scripted handler saw of one attempt. */
interface Attempt {
  readonly memoryId: string;
  readonly attemptsMade: number;
  readonly at: number;
}

/**
 * Appraisal jobs whose memory id says how they behave: `flaky-*` fails its first two
 * attempts, `broken-*` always fails, `slow-*` outlives the timeout on its first attempt
 * (and stops when its signal is aborted), anything else succeeds. Each attempt logs one
 * line of its own, the way a real handler does, and "writes" only if it got that far.
 */
class ScriptedAppraisal implements JobHandler {
  readonly queue = 'appraisal' as const;
  readonly attempts: Attempt[] = [];
  readonly writes: string[] = [];
  readonly stopped: string[] = [];
  private readonly log = new Logger('ScriptedAppraisal');

  async handle(data: unknown, job: JobInfo, signal: AbortSignal): Promise<JobOutcome> {
    const { memoryId } = data as { memoryId: string };
    this.attempts.push({ memoryId, attemptsMade: job.attemptsMade, at: Date.now() });
    this.log.log(`handling ${memoryId}`);
    if (memoryId.startsWith('broken-') || (memoryId.startsWith('flaky-') && job.attemptsMade < 2)) throw new Error(`transient failure of ${memoryId}`);
    if (memoryId.startsWith('slow-') && job.attemptsMade === 0) {
      // A long first step (an LLM call, a lock wait) that outlives the timeout...
      await new Promise<void>((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
      // ...then the check every handler makes before its next transaction.
      if (signal.aborted) this.stopped.push(memoryId);
      signal.throwIfAborted();
    }
    this.writes.push(memoryId);
    return 'done';
  }
}

const idle = (queue: QueueName): JobHandler => ({ queue, handle: () => Promise.resolve('done') });

/**
 * The worker's JobRunner against the real Redis with scripted handlers: retries with
 * exponential backoff, a job that exhausts its attempts, a timed-out attempt that stops and
 * is retried, the failure metric, and the job id on every log line a handler writes.
 * Small attempts, backoff and timeout come from LIMBIC_QUEUE_SETTINGS, as in production.
 */
describe('job runner: retries, backoff, timeouts, failure metric and job ids in logs (real Redis)', () => {
  const prefix = `limbic-test-runner-${uniqueSuffix()}`;
  const handler = new ScriptedAppraisal();
  const lines: Record<string, unknown>[] = [];
  let module: TestingModule;
  let producer: JobProducer;
  let redis: Redis;
  let queue: Queue;

  beforeAll(async () => {
    Object.assign(process.env, {
      NODE_ENV: 'test',
      LIMBIC_QUEUE_PREFIX: prefix,
      LIMBIC_QUEUE_SETTINGS: JSON.stringify({ appraisal: { attempts: 3, backoffMs: BACKOFF_MS, timeoutMs: TIMEOUT_MS, concurrency: 4 } }),
    });
    module = await Test.createTestingModule({
      imports: [ConfigModule, JobsModule],
      providers: [JobRunner, { provide: JOB_HANDLERS, useValue: [handler, ...SERVED_QUEUES.filter((q) => q !== 'appraisal').map(idle)] }],
    }).compile();
    const levels: LogLevel[] = ['log', 'warn', 'error'];
    module.useLogger(new JsonLogger('worker', levels, (line) => lines.push(JSON.parse(line) as Record<string, unknown>)));
    await module.init();
    producer = module.get(JobProducer);
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    queue = new Queue('appraisal', { connection: redis, prefix });
  });

  afterAll(async () => {
    await module?.close();
    await queue?.close();
    redis?.disconnect();
    await deleteQueueKeys(prefix);
    delete process.env.LIMBIC_QUEUE_SETTINGS;
  });

  const failures = async (final: boolean): Promise<number> =>
    (await jobFailures.get()).values.find((v) => v.labels.queue === 'appraisal' && v.labels.final === String(final))?.value ?? 0;
  const enqueue = (memoryId: string) => producer.enqueueAppraisal({ tenantId: 't', agentId: 'a', memoryId });
  const settled = (id: string, timeoutMs = 20_000) =>
    eventually(
      async () => (await queue.getJob(id))?.getState(),
      (s) => s === 'completed' || s === 'failed',
      timeoutMs,
    );
  const attemptsOf = (memoryId: string) => handler.attempts.filter((a) => a.memoryId === memoryId);

  it('retries a transient failure with exponential backoff until it succeeds, counting each failed attempt as not final', async () => {
    const [notFinal, final] = [await failures(false), await failures(true)];
    expect(await enqueue('flaky-1')).toBe(true);
    expect(await settled('appraisal-flaky-1')).toBe('completed');
    const attempts = attemptsOf('flaky-1');
    expect(attempts.map((a) => a.attemptsMade)).toEqual([0, 1, 2]);
    // Exponential: the first retry waits the backoff, the second twice that.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(BACKOFF_MS - 10);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(2 * BACKOFF_MS - 10);
    expect(handler.writes.filter((w) => w === 'flaky-1')).toHaveLength(1);
    expect(await failures(false)).toBe(notFinal + 2);
    expect(await failures(true)).toBe(final);
  });

  it('keeps a job that exhausted its attempts as failed, with its reason, counted final="true" and logged with its id', async () => {
    const final = await failures(true);
    await enqueue('broken-1');
    expect(await settled('appraisal-broken-1')).toBe('failed');
    const job = await queue.getJob('appraisal-broken-1');
    expect(job?.failedReason).toBe('transient failure of broken-1');
    expect(attemptsOf('broken-1')).toHaveLength(3);
    await eventually(async () => failures(true), (n) => n === final + 1, 5_000);
    expect(await failures(true)).toBe(final + 1);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'job failed for good', jobId: 'appraisal-broken-1', queue: 'appraisal', attempt: 3 }));
  });

  it('fails an attempt that outlives its timeout, stops it before it writes, and the retry applies it once', async () => {
    await enqueue('slow-1');
    expect(await settled('appraisal-slow-1')).toBe('completed');
    expect(attemptsOf('slow-1').map((a) => a.attemptsMade)).toEqual([0, 1]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'job attempt failed', jobId: 'appraisal-slow-1', reason: `appraisal job timed out after ${TIMEOUT_MS} ms` }),
    );
    // The straggler wakes after the retry has finished: it finds its signal aborted and stops.
    await eventually(async () => handler.stopped, (s) => s.includes('slow-1'), 5_000);
    expect(handler.stopped).toEqual(['slow-1']);
    expect(handler.writes.filter((w) => w === 'slow-1')).toHaveLength(1);
  });

  it('stamps the job id and queue on every line a handler logs (AsyncLocalStorage context), not only on the runner’s own', async () => {
    await enqueue('plain-1');
    await enqueue('plain-2');
    expect(await settled('appraisal-plain-1')).toBe('completed');
    expect(await settled('appraisal-plain-2')).toBe('completed');
    const own = lines.filter((l) => l.context === 'ScriptedAppraisal');
    for (const id of ['plain-1', 'plain-2', 'flaky-1', 'slow-1']) {
      const mine = own.filter((l) => l.msg === `handling ${id}`);
      expect(mine.length).toBeGreaterThan(0);
      for (const l of mine) expect(l).toMatchObject({ jobId: `appraisal-${id}`, queue: 'appraisal' });
    }
  });
});
