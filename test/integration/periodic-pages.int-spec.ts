// PeriodicPages on the real Redis: a follow-on page and its task's paging lease (the key that
// keeps the task's next periods from starting a run while this one pages).
import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigModule } from '@limbic/config';
import { jobId, JobsModule } from '@limbic/jobs';
import { PeriodicPages } from '../../apps/worker/src/periodic/periodic-pages';
import { deleteQueueKeys } from '../support/consolidation-harness';
import { eventually } from '../support/neo4j';
import { uniqueSuffix } from '../support/processes';

describe('PeriodicPages: follow-on pages and the paging lease (real Redis)', () => {
  const prefix = `limbic-test-pages-${uniqueSuffix()}`;
  let module: TestingModule;
  let pages: PeriodicPages;
  let redis: Redis;
  let queue: Queue;

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    Object.assign(process.env, { NODE_ENV: 'test', LIMBIC_QUEUE_PREFIX: prefix });
    module = await Test.createTestingModule({ imports: [ConfigModule, JobsModule], providers: [PeriodicPages] }).compile();
    await module.init();
    pages = module.get(PeriodicPages);
    // The producer's connection refuses commands until it is up (no offline queue), as in the worker.
    await eventually(() => pages.pagingRun('appraisal-sweep').then(() => true, () => false), (up) => up, 10_000);
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    queue = new Queue('periodic', { connection: redis, prefix });
  });

  afterAll(async () => {
    await module?.close();
    await queue?.close();
    redis?.disconnect();
    await deleteQueueKeys(prefix);
    delete process.env.LIMBIC_QUEUE_PREFIX;
  });

  it('adding a page holds the task for its run, for at most a minute; the run’s end frees it, another run’s end does not', async () => {
    const run = 'repeat:appraisal-sweep:1000';
    expect(await pages.pagingRun('appraisal-sweep')).toBeNull();
    await pages.add('appraisal-sweep', { run, index: 1, after: { at: 10, id: 'k10' } });

    const job = await queue.getJob(jobId.sweepPage(run, 1));
    expect({ name: job?.name, page: (job?.data as { page?: unknown }).page }).toEqual({ name: 'appraisal-sweep-page', page: { run, index: 1, after: { at: 10, id: 'k10' } } });
    expect(await pages.pagingRun('appraisal-sweep')).toBe(run);
    expect(await pages.pagingRun('review-sweep')).toBeNull();
    const ttl = await redis.pttl(`${prefix}:sweep-paging:appraisal-sweep`);
    expect(ttl > 50_000 && ttl <= 60_000).toBe(true);

    await pages.ended('appraisal-sweep', 'repeat:appraisal-sweep:2000');
    expect(await pages.pagingRun('appraisal-sweep')).toBe(run);
    await pages.ended('appraisal-sweep', run);
    expect(await pages.pagingRun('appraisal-sweep')).toBeNull();
  });
});
