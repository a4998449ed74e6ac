import { Queue } from 'bullmq';
import type { DueReview } from '@limbic/graph';
import { DEFAULT_QUEUE_SETTINGS, type QueueFactory } from '@limbic/jobs';
import { ReviewQueue } from './review-queue';

/** What Redis holds, by job id: a state, and what the sweep did to it. */
interface FakeJob {
  state: string;
  finishedOn?: number;
  promoted?: boolean;
  removed?: boolean;
}
const redis = new Map<string, FakeJob>();
const added: { name: string; opts: { jobId: string; delay: number; attempts: number } }[] = [];

/** Runs after each read of Redis: lets a test move a job on between two reads, as a worker would. */
let afterRead: () => void = () => undefined;

jest.mock('bullmq', () => ({
  UnrecoverableError: jest.requireActual<typeof import('bullmq')>('bullmq').UnrecoverableError,
  Queue: class {
    on(): void {}
    getJobState(id: string) {
      const state = redis.get(id)?.state ?? 'unknown';
      afterRead();
      return Promise.resolve(state);
    }
    getJob(id: string) {
      const job = redis.get(id);
      afterRead();
      if (!job) return Promise.resolve(undefined);
      // A snapshot, as BullMQ's Job is: later changes in Redis do not show in it.
      return Promise.resolve({
        finishedOn: job.finishedOn,
        promote: () => (job.state !== 'delayed' ? Promise.reject(new Error('Job is not in the delayed state')) : ((job.promoted = true), Promise.resolve())),
        remove: () => ((job.removed = true), redis.delete(id), Promise.resolve()),
      });
    }
    addBulk(jobs: typeof added) {
      for (const j of jobs) {
        if (redis.has(j.opts.jobId)) continue; // BullMQ drops a duplicate id
        added.push(j);
        redis.set(j.opts.jobId, { state: j.opts.delay > 0 ? 'delayed' : 'waiting' });
      }
      return Promise.resolve([]);
    }
    close(): Promise<void> {
      return Promise.resolve();
    }
  },
}));
/** The factory hands out the fake queue above on a connection that goes nowhere. */
const factory = { connection: () => ({ disconnect: () => undefined }), queue: () => new Queue('consolidation') } as unknown as QueueFactory;

const NOW = 1_000_000_000;
/** Wall-clock time the sweep began reading Neo4j (BullMQ stamps finishedOn with the wall clock). */
const READ_AT = 1_700_000_000_000;
const review = (memoryId: string, reviewCount = 1): DueReview => ({ tenantId: 't', agentId: 'a', memoryId, reviewCount, nextReviewAt: NOW - 120_000 });
const queue = () => new ReviewQueue(factory, DEFAULT_QUEUE_SETTINGS);

describe('ReviewQueue', () => {
  beforeEach(() => {
    redis.clear();
    added.length = 0;
    afterRead = () => undefined;
  });

  it('schedules each review as a delayed job with its deterministic id, due − now, and the consolidation settings', async () => {
    await queue().schedule([{ ...review('m1', 2), nextReviewAt: NOW + 5000 }, review('m2')], NOW);
    expect(added.map((j) => j.opts)).toEqual([
      expect.objectContaining({ jobId: 'review-m1-2', delay: 5000, attempts: DEFAULT_QUEUE_SETTINGS.consolidation.attempts }),
      expect.objectContaining({ jobId: 'review-m2-1', delay: 0 }),
    ]);
  });

  it('repair: a job Redis lost (flush) is left to the schedule the sweep just made', async () => {
    expect(await queue().repair(review('lost'), NOW, READ_AT)).toBe('queued');
  });

  it('repair: a delayed job (scheduled under another clock) is promoted to run now', async () => {
    redis.set('review-m1-1', { state: 'delayed' });
    expect(await queue().repair(review('m1'), NOW, READ_AT)).toBe('promoted');
    expect(redis.get('review-m1-1')?.promoted).toBe(true);
  });

  it('repair: a job that completed without applying the review (it ran early) is replaced by one due now', async () => {
    const early = { state: 'completed', finishedOn: READ_AT - 60_000 };
    redis.set('review-m1-1', early);
    expect(await queue().repair(review('m1'), NOW, READ_AT)).toBe('requeued');
    expect(early).toMatchObject({ removed: true });
    expect(added.map((j) => j.opts)).toEqual([expect.objectContaining({ jobId: 'review-m1-1', delay: 0 })]);
  });

  it('repair: a job that completed after the sweep began reading is left alone (it may have applied the review the read showed as due)', async () => {
    const racing = { state: 'completed', finishedOn: READ_AT + 200 };
    redis.set('review-m1-1', racing);
    expect(await queue().repair(review('m1'), NOW, READ_AT)).toBe('queued');
    expect(racing).not.toMatchObject({ removed: true });
    // Within the allowed skew between hosts, too.
    redis.set('review-m2-1', { state: 'completed', finishedOn: READ_AT - 4_000 });
    expect(await queue().repair(review('m2'), NOW, READ_AT)).toBe('queued');
    expect(added).toEqual([]);
  });

  it('repair: a job that completes while the sweep is looking at it is left alone (the review it just applied is not queued again)', async () => {
    // The worker finishes the job between the sweep's reads of Redis. This once requeued the
    // review: the job was read while active (no finishedOn), its state a moment later.
    const job: { state: string; finishedOn?: number; removed?: boolean } = { state: 'active' };
    redis.set('review-m1-1', job);
    afterRead = () => Object.assign(job, { state: 'completed', finishedOn: READ_AT + 900 });
    expect(await queue().repair(review('m1'), NOW, READ_AT)).toBe('queued');
    const finishing: { state: string; finishedOn?: number; removed?: boolean } = { state: 'completed' };
    redis.set('review-m2-1', finishing);
    afterRead = () => (finishing.finishedOn = READ_AT + 900);
    expect(await queue().repair(review('m2'), NOW, READ_AT)).toBe('queued');
    expect([job.removed, finishing.removed, added]).toEqual([undefined, undefined, []]);
  });

  it('repair: a delayed job that starts before it can be promoted is left to run', async () => {
    const job = { state: 'delayed' };
    redis.set('review-m1-1', job);
    afterRead = () => (job.state = 'active');
    expect(await queue().repair(review('m1'), NOW, READ_AT)).toBe('queued');
  });

  it('repair: a failed job is left for an operator; waiting or active ones are left to run', async () => {
    redis.set('review-f-1', { state: 'failed' });
    redis.set('review-w-1', { state: 'waiting' });
    redis.set('review-a-1', { state: 'active' });
    const q = queue();
    expect(await q.repair(review('f'), NOW, READ_AT)).toBe('failed');
    expect(await q.repair(review('w'), NOW, READ_AT)).toBe('queued');
    expect(await q.repair(review('a'), NOW, READ_AT)).toBe('queued');
    expect(added).toEqual([]);
  });
});
