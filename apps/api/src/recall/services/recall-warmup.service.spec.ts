import type { Embedder } from '@limbic/embeddings';
import type { RecallUnit, RecallRepository } from '@limbic/graph';
import { RecallWarmupService, WARMUP_TENANT } from './recall-warmup.service';

const embedder = { dimension: 8 } as Embedder;

/** A repository whose unit records the reads a warm-up makes; `failOn` makes one of them throw, `hangOn` never answer. */
function fakeRepository(failOn?: string, hangOn?: string) {
  const calls: string[] = [];
  const tenants: string[] = [];
  const record =
    (name: string, result: unknown) =>
    (...args: unknown[]): Promise<unknown> => {
      calls.push(name);
      if (name === 'prelude') expect((args[0] as { embedding: number[] }).embedding).toHaveLength(8);
      if (name === hangOn) return new Promise(() => undefined);
      return name === failOn ? Promise.reject(new Error(`${name} failed`)) : Promise.resolve(result);
    };
  const unit = {
    prelude: record('prelude', null),
    nearest: record('nearest', []),
    fulltext: record('fulltext', { scanned: 0, found: [] }),
    candidates: record('candidates', []),
    spread: record('spread', []),
  } as unknown as RecallUnit;
  const repository = {
    read: <R>(tenantId: string, _agentId: string, work: (r: RecallUnit) => Promise<R>) => {
      tenants.push(tenantId);
      return work(unit);
    },
  } as unknown as RecallRepository;
  return { repository, calls, tenants };
}

describe('RecallWarmupService', () => {
  it('runs every read a recall may make, as a tenant no API key can name', async () => {
    const { repository, calls, tenants } = fakeRepository();
    await new RecallWarmupService(embedder, repository).warm();
    expect(calls).toEqual(['prelude', 'nearest', 'fulltext', 'candidates', 'spread']);
    expect(tenants).toEqual([WARMUP_TENANT]);
    expect(WARMUP_TENANT).not.toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('does not hold up boot and swallows a failure', async () => {
    const { repository } = fakeRepository('spread');
    const warmup = new RecallWarmupService(embedder, repository);
    expect(warmup.onApplicationBootstrap()).toBeUndefined();
    await expect(warmup.beforeApplicationShutdown()).resolves.toBeUndefined();
  });

  it('does not hold up shutdown for long when the warm-up hangs', async () => {
    jest.useFakeTimers();
    try {
      const { repository } = fakeRepository(undefined, 'spread');
      const warmup = new RecallWarmupService(embedder, repository);
      warmup.onApplicationBootstrap();
      let done = false;
      const shutdown = warmup.beforeApplicationShutdown().then(() => (done = true));
      await jest.advanceTimersByTimeAsync(4999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await shutdown;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
