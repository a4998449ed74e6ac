import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import { jobOptions } from './job-options';
import { parsePayload, type AppraisalJobV2, type JobPayloads, type RecallEffectsJobV1, type ReembedJobV1 } from './payloads';
import { QueueFactory } from './queue-factory';
import { QUEUE_SETTINGS, type QueueSettingsTable } from './queue-settings';
import { jobId, QUEUE, type QueueName } from './queues';
import { PRODUCER, type RedisClient } from './redis-connection';

/** An appraisal to queue; `bookmarks`: those of the write that created the memory (none from a sweep). */
export type AppraisalRequest = Omit<AppraisalJobV2, 'v' | 'bookmarks'> & { readonly bookmarks?: readonly string[] };

function appraisalJob(p: AppraisalRequest): AppraisalJobV2 {
  return { v: 2, tenantId: p.tenantId, agentId: p.agentId, memoryId: p.memoryId, bookmarks: p.bookmarks ?? [] };
}

/** chosen: background adds in flight before a caller waits for its own (≈ 2 s of recalls at 100/s with Redis down). */
const BACKGROUND_MAX = 256;

/**
 * Enqueues background work. Enqueueing is best effort by design: Neo4j holds the truth
 * (`pendingAppraisal`, `nextReviewAt`), and the worker's sweep re-enqueues what Redis lost.
 */
@Injectable()
export class JobProducer implements OnApplicationShutdown {
  private readonly log = new Logger('JobProducer');
  private readonly connection: RedisClient;
  private readonly queues = new Map<QueueName, Queue>();
  /** Background adds not yet settled (enqueue…InBackground); shutdown waits for them. */
  private readonly inFlight = new Set<Promise<boolean>>();

  constructor(
    private readonly factory: QueueFactory,
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettingsTable,
  ) {
    this.connection = factory.connection(PRODUCER, 'producer');
  }

  /** True when queued (or already queued), false when Redis was unavailable. */
  async enqueueAppraisal(payload: AppraisalRequest): Promise<boolean> {
    return this.add(QUEUE.appraisal, 'appraise', appraisalJob(payload), jobId.appraisal(payload.memoryId));
  }

  /**
   * The payload as its schema reads it; a payload the worker would refuse is a bug in the
   * caller, so it throws here (InvalidJobPayloadError) instead of reaching Redis.
   */
  private valid<Q extends QueueName>(queue: Q, data: JobPayloads[Q]): JobPayloads[Q] {
    return parsePayload(queue, data);
  }

  /**
   * Many appraisals in one Redis round trip (a 500-item encodeBatch spent ≈ 0.3 s adding
   * them one by one). Same job ids as enqueueAppraisal, so duplicates are still dropped.
   */
  async enqueueAppraisals(payloads: readonly AppraisalRequest[]): Promise<boolean> {
    if (payloads.length === 0) return true;
    const queue = QUEUE.appraisal;
    const jobs = payloads.map((p) => ({ name: 'appraise', data: this.valid(queue, appraisalJob(p)), opts: this.options(queue, jobId.appraisal(p.memoryId)) }));
    try {
      await this.queue(queue).addBulk(jobs);
      return true;
    } catch (err) {
      this.log.warn(`could not enqueue ${payloads.length} ${queue} jobs: ${(err as Error).message}; the sweep will retry`);
      return false;
    }
  }

  /** Best effort: a lost effects job loses access statistics and learning, never a memory. */
  async enqueueRecallEffects(payload: Omit<RecallEffectsJobV1, 'v'>): Promise<boolean> {
    return this.add(QUEUE.recallEffects, 'recall-effects', { v: 1, ...payload }, jobId.recallEffects(payload.recallId));
  }

  /**
   * enqueueRecallEffects without making the caller wait for Redis: a recall's answer does not
   * depend on its effects job, and the round trip was ≈ 1 ms of every recall (more under load).
   * Nothing is lost silently that was not before: a failed add is logged as before, adds keep
   * their order (one connection, commands in order), and shutdown waits for the adds still in
   * flight before it closes the queues. Only a crash in the millisecond between the answer and
   * the add loses a job the awaited version would have queued. When BACKGROUND_MAX adds are
   * already in flight (Redis slow or down) the caller waits for its own, as before, so an outage
   * cannot pile up jobs in memory.
   */
  enqueueRecallEffectsInBackground(payload: Omit<RecallEffectsJobV1, 'v'>, before?: () => Promise<void>): Promise<void> {
    if (!before) return this.inBackground(() => this.enqueueRecallEffects(payload));
    // `before` (recording the recall in Neo4j) runs first, within the same bound on work in
    // flight; the job is added whether or not it succeeded.
    return this.inBackground(async () => {
      await before().catch((err: unknown) => this.log.warn(`before enqueueing recall-effects ${payload.recallId}: ${(err as Error).message}`));
      return this.enqueueRecallEffects(payload);
    });
  }

  /**
   * enqueueAppraisals without making the encode wait for Redis (≈ 1 ms of a single encode).
   * Called only after the encode committed, so the worker can never run a job before its
   * memory is visible. A crash between the answer and the add leaves the memory
   * `pendingAppraisal`, which the worker's sweep enqueues after its grace period, as it does
   * for a memory encoded while Redis was down; the bound on adds in flight is the same.
   */
  enqueueAppraisalsInBackground(payloads: readonly AppraisalRequest[]): Promise<void> {
    if (payloads.length === 0) return Promise.resolve();
    return this.inBackground(() => this.enqueueAppraisals(payloads));
  }

  private async inBackground(add: () => Promise<boolean>): Promise<void> {
    if (this.inFlight.size >= BACKGROUND_MAX) {
      await add();
      return;
    }
    // Started on the event loop's next turn, after the caller's answer is written: an add's
    // own CPU (the job's serialisation, packing the Lua call) was ≈ 0.8 ms of every recall
    // (`--cpu-prof`, bench/recall-latency README), spent before the reply.
    const added = new Promise<boolean>((resolve) =>
      setImmediate(() =>
        resolve(
          // Only a payload its schema refuses rejects (a bug, not an outage): logged as an error.
          add().catch((err: unknown) => {
            this.log.error(`not enqueued: ${(err as Error).message}`);
            return false;
          }),
        ),
      ),
    );
    this.inFlight.add(added);
    void added.finally(() => this.inFlight.delete(added));
  }

  /** True when queued (or already queued under its id), false when Redis was unavailable: the reembed sweep adds it again. */
  async enqueueReembedStep(payload: Omit<ReembedJobV1, 'v'>): Promise<boolean> {
    return this.add(QUEUE.reembed, 'reembed', { v: 1, ...payload }, jobId.reembed(payload.runId, payload.step));
  }

  async redisReady(): Promise<boolean> {
    try {
      return (await this.connection.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  private async add<Q extends QueueName>(queue: Q, name: string, data: JobPayloads[Q], id: string): Promise<boolean> {
    const valid = this.valid(queue, data);
    try {
      await this.queue(queue).add(name, valid, this.options(queue, id));
      return true;
    } catch (err) {
      this.log.warn(`could not enqueue ${queue} ${id}: ${(err as Error).message}; the sweep will retry`);
      return false;
    }
  }

  private options(queue: QueueName, id: string): JobsOptions {
    return jobOptions(this.settings[queue], id);
  }

  private queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = this.factory.queue(name, this.connection);
      this.queues.set(name, q);
    }
    return q;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.connection.disconnect();
  }
}
