import { Queue } from 'bullmq';
import { JobProducer } from './job-producer';
import type { QueueFactory } from './queue-factory';
import { DEFAULT_QUEUE_SETTINGS } from './queue-settings';

/** Each Queue.add waits until the test releases it, so "in flight" is observable. */
const pending: { name: string; release: (ok: boolean) => void }[] = [];
const closed: string[] = [];

jest.mock('bullmq', () => ({
  UnrecoverableError: jest.requireActual<typeof import('bullmq')>('bullmq').UnrecoverableError,
  Queue: class {
    constructor(readonly name: string) {}
    on(): void {}
    add(name: string): Promise<void> {
      return new Promise((resolve, reject) => pending.push({ name, release: (ok) => (ok ? resolve() : reject(new Error('redis down'))) }));
    }
    addBulk(jobs: { name: string; opts: { jobId: string } }[]): Promise<void> {
      const name = jobs.map((j) => `${j.name}:${j.opts.jobId}`).join(',');
      return new Promise((resolve, reject) => pending.push({ name, release: (ok) => (ok ? resolve() : reject(new Error('redis down'))) }));
    }
    close(): Promise<void> {
      closed.push(this.name);
      return Promise.resolve();
    }
  },
}));
/** The factory hands out the fake queues above on a connection that goes nowhere. */
const config = { connection: () => ({ disconnect: () => undefined }), queue: (name: string) => new Queue(name) } as unknown as QueueFactory;
const payload = (recallId: string) => ({ tenantId: 't', agentId: 'a', recallId, now: 0, items: [], concepts: [], focusId: null });
const tick = () => new Promise((r) => setImmediate(r));

describe('JobProducer.enqueueRecallEffectsInBackground', () => {
  beforeEach(() => {
    pending.length = 0;
    closed.length = 0;
  });

  it('returns before the add starts, and shutdown waits for the add before closing the queue', async () => {
    const producer = new JobProducer(config, DEFAULT_QUEUE_SETTINGS);
    await producer.enqueueRecallEffectsInBackground(payload('r1'));
    // Not started yet: the caller's answer goes out first; the add runs on the next turn.
    expect(pending).toEqual([]);
    await tick();
    expect(pending.map((p) => p.name)).toEqual(['recall-effects']);

    let shutDown = false;
    const shutdown = producer.onApplicationShutdown().then(() => (shutDown = true));
    await tick();
    expect(shutDown).toBe(false);
    expect(closed).toEqual([]);

    pending[0]?.release(false); // a failed add is logged, never thrown
    await shutdown;
    expect(closed).toEqual(['recall-effects']);
  });

  it('makes the caller wait for its own add once too many are in flight', async () => {
    const producer = new JobProducer(config, DEFAULT_QUEUE_SETTINGS);
    for (let i = 0; i < 256; i++) await producer.enqueueRecallEffectsInBackground(payload(`r${i}`));
    await tick();
    let returned = false;
    const last = producer.enqueueRecallEffectsInBackground(payload('r-last')).then(() => (returned = true));
    await tick();
    expect(returned).toBe(false);
    pending[256]?.release(true);
    await last;
    expect(returned).toBe(true);
    for (const p of pending) p.release(true);
  });
});

describe('JobProducer.enqueueAppraisalsInBackground', () => {
  beforeEach(() => {
    pending.length = 0;
    closed.length = 0;
  });

  it('adds every appraisal in one bulk with deterministic ids, returns before Redis answers, and shutdown waits for it', async () => {
    const producer = new JobProducer(config, DEFAULT_QUEUE_SETTINGS);
    await producer.enqueueAppraisalsInBackground([
      { tenantId: 't', agentId: 'a', memoryId: 'm1' },
      { tenantId: 't', agentId: 'a', memoryId: 'm2' },
    ]);
    await tick();
    expect(pending.map((p) => p.name)).toEqual(['appraise:appraisal-m1,appraise:appraisal-m2']);

    let shutDown = false;
    const shutdown = producer.onApplicationShutdown().then(() => (shutDown = true));
    await tick();
    expect(shutDown).toBe(false);
    pending[0]?.release(false); // Redis down: logged, the sweep enqueues the pending memories later
    await shutdown;
    expect(closed).toEqual(['appraisal']);
  });

  it('adds nothing for an encode that created nothing (every item replayed)', async () => {
    const producer = new JobProducer(config, DEFAULT_QUEUE_SETTINGS);
    await producer.enqueueAppraisalsInBackground([]);
    await tick();
    expect(pending).toEqual([]);
  });
});
