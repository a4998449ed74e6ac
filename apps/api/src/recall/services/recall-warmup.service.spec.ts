import type { Embedder } from '@limbic/embeddings';
import type { RecallUnit, RecallRepository } from '@limbic/graph';
import { RecallWarmupService, warmupTenant } from './recall-warmup.service';

const embedder = { dimension: 8 } as Embedder;
const hashModel = { name: 'hash-8', dimension: 8, embed: jest.fn() } as unknown as Embedder;
const single = { singleTenant: true, apiKeys: new Map<string, string>() };
const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A repository whose unit records the reads a warm-up makes; `failOn` makes one of them throw, `hangOn` never answer. */
function fakeRepository(failOn?: string, hangOn?: string) {
  const calls: string[] = [];
  const tenants: string[] = [];
  const agents: string[] = [];
  const seedCounts: number[] = [];
  const record =
    (name: string, result: unknown) =>
    (...args: unknown[]): Promise<unknown> => {
      calls.push(name);
      if (name === 'prelude') expect((args[0] as { embedding: number[] }).embedding).toHaveLength(8);
      if (name === 'spread') seedCounts.push((args[0] as { seeds: unknown[] }).seeds.length);
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
    read: <R>(tenantId: string, agentId: string, work: (r: RecallUnit) => Promise<R>) => {
      tenants.push(tenantId);
      agents.push(agentId);
      return work(unit);
    },
  } as unknown as RecallRepository;
  return { repository, calls, tenants, agents, seedCounts };
}

describe('RecallWarmupService', () => {
  it('runs every read a recall may make, as tenants and agents no API key can name', async () => {
    const { repository, calls, tenants, agents } = fakeRepository();
    await new RecallWarmupService(embedder, repository, hashModel, single).warm();
    expect(calls.slice(0, 5)).toEqual(['prelude', 'nearest', 'fulltext', 'candidates', 'spread']);
    for (const id of [...tenants, ...agents]) expect(id).not.toMatch(TENANT_ID);
  });

  it('plans with ids as long as the served tenants', async () => {
    const keyed = { singleTenant: false, apiKeys: new Map([['k1', 'acme'], ['k2', 'beta'], ['k3', 'tenant_with_a_long_id']]) };
    const { repository, tenants } = fakeRepository();
    await new RecallWarmupService(embedder, repository, hashModel, keyed).warm();
    expect([...new Set(tenants)]).toEqual([warmupTenant(4), warmupTenant(21)]);
    expect(warmupTenant(4)).toHaveLength(4);
    const { repository: local, tenants: localTenants } = fakeRepository();
    await new RecallWarmupService(embedder, local, hashModel, single).warm();
    expect([...new Set(localTenants)]).toEqual([warmupTenant('local'.length)]);
  });

  it('plans each recall for a one-memory, a small and a default-sized seed list, for short and uuid agent ids', async () => {
    const { repository, agents, seedCounts } = fakeRepository();
    await new RecallWarmupService(embedder, repository, hashModel, single).warm();
    expect(seedCounts).toEqual([1, 5, 15, 1, 5, 15]);
    expect([...new Set(agents.map((a) => a.length))]).toEqual([3, 36]);
  });

  it('loads a local model with one inference, and never calls a remote one', async () => {
    const local = { name: 'local:bge-small-en-v1.5', dimension: 8, embed: jest.fn().mockResolvedValue([[1]]) } as unknown as Embedder;
    const remote = { name: 'openai:text-embedding-3-small', dimension: 8, embed: jest.fn() } as unknown as Embedder;
    await new RecallWarmupService(embedder, fakeRepository().repository, local, single).warm();
    await new RecallWarmupService(embedder, fakeRepository().repository, remote, single).warm();
    expect(local.embed).toHaveBeenCalledTimes(1);
    expect(remote.embed).not.toHaveBeenCalled();
  });

  it('is settled once the warm-up ends, even when it failed', async () => {
    const warmup = new RecallWarmupService(embedder, fakeRepository('spread').repository, hashModel, single);
    expect(warmup.settled).toBe(false);
    warmup.onApplicationBootstrap();
    await warmup.beforeApplicationShutdown();
    expect(warmup.settled).toBe(true);
  });

  it('does not hold up boot and swallows a failure', async () => {
    const { repository } = fakeRepository('spread');
    const warmup = new RecallWarmupService(embedder, repository, hashModel, single);
    expect(warmup.onApplicationBootstrap()).toBeUndefined();
    await expect(warmup.beforeApplicationShutdown()).resolves.toBeUndefined();
  });

  it('does not hold up shutdown for long when the warm-up hangs', async () => {
    jest.useFakeTimers();
    try {
      const { repository } = fakeRepository(undefined, 'spread');
      const warmup = new RecallWarmupService(embedder, repository, hashModel, single);
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
