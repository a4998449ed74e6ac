import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { withBookmarks } from '@limbic/graph';
import { parsePayload, writerBookmarks, QUEUE_SETTINGS, QueueFactory, WORKER, type JobOutcome, type QueueName, type QueueSettingsTable, type RedisClient } from '@limbic/jobs';
import { EmbeddingSpaces } from '@limbic/graph';
import { jobDuration, jobFailures, runWithLogContext } from '@limbic/observability';
import { JOB_HANDLERS, type AnyJobHandler, type JobHandler } from './job-handler';
import { withTimeout } from './with-timeout';

/** Queues this worker build serves; start-up is refused if one lacks a handler or has two. */
export const SERVED_QUEUES: readonly QueueName[] = ['appraisal', 'consolidation', 'recall-effects', 'reembed', 'periodic'];

/**
 * Hosts one BullMQ Worker per served queue. Shutdown closes the workers first, which lets
 * in-flight jobs finish; a job cut short by a crash is retried after its lock expires, and
 * handlers are idempotent, so it takes effect once.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('JobRunner');
  private readonly workers: Worker[] = [];
  private readonly connections: RedisClient[] = [];
  private readonly byQueue: ReadonlyMap<QueueName, AnyJobHandler>;

  constructor(
    private readonly factory: QueueFactory,
    @Inject(JOB_HANDLERS) handlers: readonly AnyJobHandler[],
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettingsTable,
    @Optional() private readonly spaces?: EmbeddingSpaces,
  ) {
    const byQueue = new Map<QueueName, AnyJobHandler>();
    for (const h of handlers) {
      if (byQueue.has(h.queue)) throw new Error(`two handlers for queue ${h.queue}`);
      byQueue.set(h.queue, h);
    }
    const missing = SERVED_QUEUES.filter((q) => !byQueue.has(q));
    if (missing.length > 0) throw new Error(`no handler for queue(s): ${missing.join(', ')}`);
    this.byQueue = byQueue;
  }

  onApplicationBootstrap(): void {
    for (const queue of SERVED_QUEUES) this.start(queue);
  }

  private start(queue: QueueName): void {
    const handler = this.byQueue.get(queue);
    if (!handler) return;
    const settings = this.settings[queue];
    const connection = this.factory.connection(WORKER, `worker ${queue}`);
    this.connections.push(connection);
    const worker = this.factory.worker(
      queue,
      (job: Job) =>
        runWithLogContext({ jobId: job.id ?? '', queue }, async () => {
          const started = performance.now();
          try {
            const outcome = await this.pinned(job.data, () =>
              withTimeout(
                (signal) => runHandler(handler, job, signal),
                settings.timeoutMs,
                `${queue} job timed out after ${settings.timeoutMs} ms`,
              ),
            );
            jobDuration.observe({ queue, outcome }, (performance.now() - started) / 1000);
            this.log.debug(`${queue} ${job.id ?? ''} ${outcome}`);
            return outcome;
          } catch (err) {
            jobDuration.observe({ queue, outcome: 'error' }, (performance.now() - started) / 1000);
            throw err;
          }
        }),
      settings,
      connection,
    );
    worker.on('failed', (job, err) => {
      // Kept in Redis with its reason (removeOnFail by age), visible in the dashboard.
      const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError;
      jobFailures.inc({ queue, final: String(final) });
      const line = { msg: final ? 'job failed for good' : 'job attempt failed', jobId: job?.id ?? '?', queue, attempt: job?.attemptsMade ?? 0, reason: err.message };
      if (final) this.log.error(line);
      else this.log.warn(line);
    });
    this.workers.push(worker);
    this.log.log(`serving ${queue} (concurrency ${settings.concurrency})`);
  }

  /**
   * Runs a job with its tenant's embedding space pinned, as the API pins a request: the
   * EMBEDDER (model, cosine scale) and the slot its queries read agree for the whole job.
   */
  private pinned<R>(data: unknown, work: () => Promise<R>): Promise<R> {
    const tenantId = (data as { tenantId?: unknown } | null)?.tenantId;
    return this.spaces && typeof tenantId === 'string' ? this.spaces.pin(tenantId, work) : work();
  }

  /** Before any connection closes: stop taking jobs and let in-flight ones finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    for (const c of this.connections) c.disconnect();
  }
}

/**
 * The job's data checked against its queue's schema before the handler sees it: a payload no
 * attempt could read fails for good (InvalidJobPayloadError is unrecoverable), not retried.
 * The handler's queries wait for the writer's bookmarks, when the job carries them.
 */
function runHandler<Q extends QueueName>(handler: JobHandler<Q>, job: Job, signal: AbortSignal): Promise<JobOutcome> {
  const data = parsePayload(handler.queue, job.data);
  return withBookmarks(writerBookmarks(data), () => handler.handle(data, { id: job.id ?? '', name: job.name, attemptsMade: job.attemptsMade }, signal));
}
