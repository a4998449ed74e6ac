import { loadConfig } from '@limbic/config';
import type { DueReview } from '@limbic/graph';
import { DEFAULT_QUEUE_SETTINGS } from '@limbic/jobs';
import { ReviewQueue } from './review-queue';

/** What Redis holds, by job id: a state, and what the sweep did to it. */
interface FakeJob {
  state: string;
  promoted?: boolean;
  removed?: boolean;
}
const redis = new Map<string, FakeJob>();
const added: { name: string; opts: { jobId: string; delay: number; attempts: number } }[] = [];

jest.mock('bullmq', () => ({
  Queue: class {
    on(): void {}
    getJob(id: string) {
      const job = redis.get(id);
      if (!job) return Promise.resolve(undefined);
      return Promise.resolve({
        getState: () => Promise.resolve(job.state),
        promote: () => ((job.promoted = true), Promise.resolve()),
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
jest.mock('@limbic/jobs', () => ({ ...jest.requireActual('@limbic/jobs'), workerConnection: () => ({ on: () => undefined, disconnect: () => undefined }) }));

const NOW = 1_000_000_000;
const review = (memoryId: string, reviewCount = 1): DueReview => ({ tenantId: 't', agentId: 'a', memoryId, reviewCount, nextReviewAt: NOW - 120_000 });
const queue = () => new ReviewQueue(loadConfig({}), DEFAULT_QUEUE_SETTINGS);

describe('ReviewQueue', () => {
  beforeEach(() => {
    redis.clear();
    added.length = 0;
  });

  it('schedules each review as a delayed job with its deterministic id, due − now, and the consolidation settings', async () => {
    await queue().schedule([{ ...review('m1', 2), nextReviewAt: NOW + 5000 }, review('m2')], NOW);
    expect(added.map((j) => j.opts)).toEqual([
      expect.objectContaining({ jobId: 'review-m1-2', delay: 5000, attempts: DEFAULT_QUEUE_SETTINGS.consolidation.attempts }),
      expect.objectContaining({ jobId: 'review-m2-1', delay: 0 }),
    ]);
  });

  it('repair: a job Redis lost (flush) is left to the schedule the sweep just made', async () => {
    expect(await queue().repair(review('lost'), NOW)).toBe('queued');
  });

  it('repair: a delayed job (scheduled under another clock) is promoted to run now', async () => {
    redis.set('review-m1-1', { state: 'delayed' });
    expect(await queue().repair(review('m1'), NOW)).toBe('promoted');
    expect(redis.get('review-m1-1')?.promoted).toBe(true);
  });

  it('repair: a job that completed without applying the review (it ran early) is replaced by one due now', async () => {
    const early = { state: 'completed' };
    redis.set('review-m1-1', early);
    expect(await queue().repair(review('m1'), NOW)).toBe('requeued');
    expect(early).toMatchObject({ removed: true });
    expect(added.map((j) => j.opts)).toEqual([expect.objectContaining({ jobId: 'review-m1-1', delay: 0 })]);
  });

  it('repair: a failed job is left for an operator; waiting or active ones are left to run', async () => {
    redis.set('review-f-1', { state: 'failed' });
    redis.set('review-w-1', { state: 'waiting' });
    redis.set('review-a-1', { state: 'active' });
    const q = queue();
    expect(await q.repair(review('f'), NOW)).toBe('failed');
    expect(await q.repair(review('w'), NOW)).toBe('queued');
    expect(await q.repair(review('a'), NOW)).toBe('queued');
    expect(added).toEqual([]);
  });
});
