import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { QUEUE_SETTINGS, workerConnection, type QueueName, type QueueSettingsTable } from '@limbic/jobs';
import { EmbeddingSpaces } from '@limbic/graph';
import { jobDuration, jobFailures, runWithLogContext } from '@limbic/observability';
import { JOB_HANDLERS, type JobHandler } from './job-handler';
import { withTimeout } from './with-timeout';

/** Queues this worker build serves; start-up is refused if one lacks a handler or has two. */
export const SERVED_QUEUES: readonly QueueName[] = ['appraisal', 'consolidation', 'recall-effects', 'reembed'];

/**
 * Hosts one BullMQ Worker per served queue. Shutdown closes the workers first, which lets
 * in-flight jobs finish; a job cut short by a crash is retried after its lock expires, and
 * handlers are idempotent, so it takes effect once.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('JobRunner');
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private readonly byQueue: ReadonlyMap<QueueName, JobHandler>;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(JOB_HANDLERS) handlers: readonly JobHandler[],
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettingsTable,
    @Optional() private readonly spaces?: EmbeddingSpaces,
  ) {
    const byQueue = new Map<QueueName, JobHandler>();
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
    const connection = workerConnection(this.config.redisUrl);
    connection.on('error', (err: Error) => this.log.debug(`redis (${queue}): ${err.message}`));
    this.connections.push(connection);
    const concurrency = settings.concurrency;
    const worker = new Worker(
      queue,
      (job) =>
        runWithLogContext({ jobId: job.id ?? '', queue }, async () => {
          const started = performance.now();
          try {
            const outcome = await this.pinned(job.data, () =>
              withTimeout(
                (signal) => handler.handle(job.data, { id: job.id ?? '', name: job.name, attemptsMade: job.attemptsMade }, signal),
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
      {
        connection,
        concurrency,
        prefix: this.config.ops.queuePrefix,
        lockDuration: settings.lockDurationMs,
        stalledInterval: settings.stalledIntervalMs,
        maxStalledCount: settings.maxStalledCount,
        autorun: true,
      },
    );
    worker.on('failed', (job, err) => {
      // Kept in Redis with its reason (removeOnFail by age), visible in the dashboard.
      const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || err.name === 'UnrecoverableError';
      jobFailures.inc({ queue, final: String(final) });
      const line = { msg: final ? 'job failed for good' : 'job attempt failed', jobId: job?.id ?? '?', queue, attempt: job?.attemptsMade ?? 0, reason: err.message };
      if (final) this.log.error(line);
      else this.log.warn(line);
    });
    worker.on('error', (err) => this.log.debug(`${queue} worker: ${err.message}`));
    this.workers.push(worker);
    this.log.log(`serving ${queue} (concurrency ${concurrency})`);
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
