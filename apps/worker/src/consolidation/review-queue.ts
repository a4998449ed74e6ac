import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DueReview } from '@limbic/graph';
import { jobId, jobOptions, parsePayload, QUEUE, QUEUE_SETTINGS, QueueFactory, WORKER, type QueueSettings, type QueueSettingsTable, type RedisClient } from '@limbic/jobs';

/** Clock skew allowed between the host that finished a job and the one sweeping. */
const COMPLETION_SKEW_MS = 5_000;

/** What the sweep found in Redis for an overdue review and what it did about it. */
export type Repair = 'queued' | 'promoted' | 'requeued' | 'failed';

/**
 * The consolidation queue as the sweep sees it: delayed jobs with deterministic ids
 * (`review-<memory>-<n>`), so the n-th review of a memory is queued at most once however
 * many sweeps see it.
 */
@Injectable()
export class ReviewQueue implements OnApplicationShutdown {
  private readonly connection: RedisClient;
  private readonly queue: Queue;
  private readonly settings: QueueSettings;

  constructor(factory: QueueFactory, @Inject(QUEUE_SETTINGS) settings: QueueSettingsTable) {
    this.settings = settings.consolidation;
    this.connection = factory.connection(WORKER, 'review queue');
    this.queue = factory.queue(QUEUE.consolidation, this.connection);
  }

  /** Adds one delayed job per review (due − now, at least 0); existing ids are dropped by BullMQ. */
  async schedule(reviews: readonly DueReview[], now: number): Promise<void> {
    if (reviews.length === 0) return;
    await this.queue.addBulk(
      reviews.map((r) => ({
        name: 'review',
        data: parsePayload(QUEUE.consolidation, { v: 1, tenantId: r.tenantId, agentId: r.agentId, memoryId: r.memoryId, reviewCount: r.reviewCount }),
        opts: { ...jobOptions(this.settings, jobId.review(r.memoryId, r.reviewCount)), delay: Math.max(0, r.nextReviewAt - now) },
      })),
    );
  }

  /**
   * For a review that is overdue by the worker's clock but still not applied in Neo4j: a
   * delayed job (scheduled under another clock) is promoted; a job that completed without
   * applying it (it ran early) is replaced; a failed one is left for an operator.
   *
   * `readStartedAt` is the wall-clock time (BullMQ's clock, not the review clock) at which
   * the sweep began reading due reviews from Neo4j. A job that finished after that (give or
   * take clock skew between hosts) may well have applied the review the read still showed as
   * due: replacing it would only queue a review that is then skipped, so it is left alone and
   * the next sweep, reading afresh, decides.
   */
  async repair(review: DueReview, now: number, readStartedAt: number): Promise<Repair> {
    const id = jobId.review(review.memoryId, review.reviewCount);
    // The state first, then the job: a job that completes between the two reads is then read
    // with its finishedOn. The other way round, a job fetched while active and found completed
    // a moment later had no finishedOn, looked as if it had finished long ago, and a review it
    // had just applied was queued a second time (the requeued job is skipped when it runs, but
    // Redis then shows a waiting job for a review Neo4j has applied).
    const state = await this.queue.getJobState(id);
    if (state === 'unknown') return 'queued';
    if (state === 'failed') return 'failed';
    if (state !== 'delayed' && state !== 'completed') return 'queued';
    const job = await this.queue.getJob(id);
    if (!job) return 'queued';
    if (state === 'delayed') {
      // It may have been promoted or started since its state was read: then it runs anyway.
      return job.promote().then(
        () => 'promoted' as const,
        () => 'queued' as const,
      );
    }
    if (job.finishedOn === undefined || job.finishedOn >= readStartedAt - COMPLETION_SKEW_MS) return 'queued';
    await job.remove();
    await this.schedule([review], now);
    return 'requeued';
  }

  counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
