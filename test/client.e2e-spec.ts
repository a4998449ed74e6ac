import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { BadInputError, HttpClient, HttpTransport, LimbicClient, NetworkError, NotFoundError, UnauthenticatedError, type GraphqlTransport, type RememberInput } from '@limbic/client';
import { sharedStack, type SharedStack } from './support/shared-stack';
import { TcpProxy } from './support/tcp-proxy';

/**
 * @limbic/client against the real stack: each facade method once with a real check of what it
 * answered, typed errors, paging, streamed export → import, and its retry rules at a proxy that
 * breaks connections.
 */
describe('@limbic/client', () => {
  let stack: SharedStack;
  let dir: string;
  const limbic = () => stack.tenants[0]!.limbic;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 2 });
    dir = await mkdtemp(join(tmpdir(), 'limbic-client-'));
  });
  afterAll(async () => {
    await stack?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
    const out: T[] = [];
    for await (const item of items) out.push(item);
    return out;
  }

  describe('agents and state', () => {
    it('creates an agent idempotently, updates, lists and reads it', async () => {
      const created = await limbic().createAgent('ada', 'personal');
      expect(created).toMatchObject({ id: 'ada', preset: 'personal' });
      const again = await limbic().createAgent('ada', 'personal');
      expect(again.createdAt).toBe(created.createdAt);
      expect((await limbic().updateAgent('ada', { preset: 'enterprise' })).preset).toBe('enterprise');
      expect(await limbic().agent('ada')).toMatchObject({ id: 'ada', preset: 'enterprise', createdAt: created.createdAt });

      for (const id of ['bea', 'cyd']) await limbic().createAgent(id);
      const page = await limbic().agentsPage({ first: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.hasNextPage).toBe(true);
      expect((await collect(limbic().agents({ first: 1 }))).map((a) => a.id).sort()).toEqual(['ada', 'bea', 'cyd']);
    });

    it('moves and resets the state: feeling, observation, goals', async () => {
      await limbic().createAgent('moody', 'agent');
      const start = (await limbic().createAgent('moody-twin', 'agent')).affect;
      const felt = await limbic().setFeeling('moody', { valence: -0.8, arousal: 0.9, dominance: 0.2 });
      expect(felt.affect).toEqual({ valence: -0.8, arousal: 0.9, dominance: 0.2 });

      const observed = await limbic().observe('moody', 'The kubernetes migration finally succeeded, what a relief!');
      expect(observed.primedConcepts.map((c) => c.name)).toEqual(expect.arrayContaining(['kubernetes']));
      expect(observed.energy).toBeLessThan(felt.energy);

      const goals = await limbic().setGoals('moody', [
        { name: 'ship the release', priority: 0.9 },
        { name: 'sleep more', priority: 0.3 },
      ]);
      expect(goals.goals.map((g) => [g.name, g.priority]).sort()).toEqual([
        ['ship the release', 0.9],
        ['sleep more', 0.3],
      ]);

      const reset = await limbic().resetState('moody');
      expect(reset.affect).toEqual(start);
    });
  });

  describe('memories', () => {
    beforeAll(async () => {
      await limbic().createAgent('mem', 'agent');
    });

    it('remembers, idempotently with an externalId, in batches, and reads back', async () => {
      const plain = await limbic().remember('mem', 'We chose Postgres for the billing service because of its JSON support.');
      expect(plain).toMatchObject({ agentId: 'mem', content: 'We chose Postgres for the billing service because of its JSON support.', archived: false });
      const keyed = await limbic().remember('mem', { content: 'The on-call rotation changes every Monday.', externalId: 'rota', importance: 0.8, tags: ['ops'] });
      expect(await limbic().remember('mem', { content: 'The on-call rotation changes every Monday.', externalId: 'rota' })).toMatchObject({ id: keyed.id });
      expect(keyed).toMatchObject({ importance: 0.8, tags: ['ops'], externalId: 'rota' });

      const batch = await limbic().rememberMany('mem', [{ content: 'Lunch was pasta.' }, { content: 'The coffee machine is broken.', externalId: 'coffee' }]);
      expect(batch.created).toBe(2);
      expect(batch.items.map((i) => i.memory.content)).toEqual(['Lunch was pasta.', 'The coffee machine is broken.']);

      expect((await limbic().memory(plain.id)).content).toBe(plain.content);
      expect(await limbic().countMemories('mem')).toBe(4);
      expect(await limbic().countMemories('mem', { tagsAny: ['ops'] })).toBe(1);
    });

    it('updates, forgets, restores and hard-deletes a memory', async () => {
      const m = await limbic().remember('mem', 'The staging database password rotates monthly.');
      expect((await limbic().updateMemory(m.id, { importance: 0.9, tags: ['security'] })).importance).toBe(0.9);
      const archived = await limbic().forget(m.id);
      expect(archived).toMatchObject({ memoryId: m.id, mode: 'ARCHIVED' });
      expect((await limbic().memory(m.id)).archived).toBe(true);
      expect((await limbic().restore(m.id)).archived).toBe(false);
      expect(await limbic().forget(m.id, { hard: true })).toMatchObject({ memoryId: m.id, mode: 'DELETED' });
      await expect(limbic().memory(m.id)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('recalls with the explanation, and takes feedback once per (recall, memory)', async () => {
      const result = await limbic().recall('mem', 'which database did we pick for billing?', { topK: 3, explain: true });
      const top = result.items[0];
      expect(top?.memory.content).toContain('Postgres');
      expect(top?.rank).toBe(1);
      expect(top?.explanation?.signals.semantic).toBeGreaterThan(0);
      expect(top?.explanation?.weights).toBeDefined();
      expect(typeof result.recallId).toBe('string');

      // The recall's record is written just after it answered.
      let first;
      for (let tries = 0; !first; tries++) {
        first = await limbic()
          .feedback({ recallId: result.recallId, memoryId: top!.memory.id, signal: 'USED' })
          .catch(async (err: unknown) => {
            if (!(err instanceof NotFoundError) || tries > 50) throw err;
            await new Promise((r) => setTimeout(r, 200));
            return undefined;
          });
      }
      expect(first).toMatchObject({ agentId: 'mem', applied: true });
      expect(await limbic().feedback({ recallId: result.recallId, memoryId: top!.memory.id, signal: 'USED' })).toMatchObject({ applied: false });
    });

    it('pages through every memory exactly once with a small page size', async () => {
      await limbic().createAgent('pages');
      const items: RememberInput[] = Array.from({ length: 37 }, (_, i) => ({ content: `note number ${i}`, occurredAt: new Date(Date.UTC(2025, 0, 1, 0, i % 5)).toISOString() }));
      const written = (await limbic().rememberMany('pages', items)).items.map((i) => i.memory.id);
      const first = await limbic().memoriesPage('pages', { first: 5 });
      expect(first.items).toHaveLength(5);
      expect(first.hasNextPage).toBe(true);
      const seen = (await collect(limbic().memories('pages', { first: 5 }))).map((m) => m.id);
      expect(seen).toHaveLength(37);
      expect(new Set(seen)).toEqual(new Set(written));
      const rest = (await collect(limbic().memories('pages', { first: 5, after: first.endCursor! }))).map((m) => m.id);
      expect(rest).toEqual(seen.slice(5));
    });
  });

  describe('typed errors', () => {
    it('bad input is a BadInputError naming the field, and nothing was written', async () => {
      await limbic().createAgent('strict');
      const err = await limbic()
        .remember('strict', { content: 'fine', importance: 7 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BadInputError);
      expect((err as BadInputError).field).toBe('importance');
      expect((err as BadInputError).path).toEqual(['encode']);
      expect(await limbic().countMemories('strict')).toBe(0);
    });

    it('an unknown agent is a NotFoundError, another tenant’s too', async () => {
      await expect(limbic().agent('nobody')).rejects.toBeInstanceOf(NotFoundError);
      await expect(stack.tenants[1]!.limbic.agent('ada')).rejects.toMatchObject({ name: 'NotFoundError', code: 'NOT_FOUND' });
      await expect(collect(limbic().exportAgent('nobody'))).rejects.toBeInstanceOf(NotFoundError);
    });

    it('a wrong key is an UnauthenticatedError, on GraphQL and on the streams', async () => {
      const stranger = new LimbicClient({ url: stack.url, apiKey: 'not-a-key' });
      await expect(stranger.agent('ada')).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(collect(stranger.exportAgent('ada'))).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(stranger.importAgent('intruder', ['{}\n'])).rejects.toBeInstanceOf(UnauthenticatedError);
    });
  });

  describe('export and import', () => {
    const N = 300;

    it('streams an agent of a few hundred memories to a file and back into a copy', async () => {
      await limbic().createAgent('eve', 'personal');
      await limbic().setGoals('eve', [{ name: 'remember the fleet', priority: 0.7 }]);
      for (let start = 0; start < N; start += 100) {
        const items = Array.from({ length: 100 }, (_, i) => ({ content: `ship ${start + i} sailed from harbour ${(start + i) % 17}`, externalId: `ship-${start + i}` }));
        await limbic().rememberMany('eve', items);
      }
      await limbic().remember('eve', { content: 'The lighthouse keeper painted the tower bright orange.', externalId: 'lighthouse' });

      const file = join(dir, 'eve.jsonl');
      const out = createWriteStream(file);
      const exported: number[] = [];
      let lines = 0;
      for await (const line of limbic().exportAgent('eve', (bytes) => exported.push(bytes))) {
        lines++;
        if (!out.write(`${line}\n`)) await once(out, 'drain');
      }
      out.end();
      await once(out, 'finish');
      const size = (await stat(file)).size;
      // Streamed: many chunks came in, and every byte of them is in the file.
      expect(exported.length).toBeGreaterThan(1);
      expect(exported.at(-1)).toBe(size);
      expect(lines).toBeGreaterThan(N + 1);

      const imported: number[] = [];
      const summary = await limbic().importAgent('eve-copy', createReadStream(file, { highWaterMark: 16 * 1024 }), (bytes) => imported.push(bytes));
      expect(imported.length).toBeGreaterThan(1);
      expect(imported.at(-1)).toBe(size);
      expect(summary).toMatchObject({ agentId: 'eve-copy', memories: N + 1, goals: 1 });
      expect(await limbic().countMemories('eve-copy')).toBe(await limbic().countMemories('eve'));

      const [original, copy] = await Promise.all(['eve', 'eve-copy'].map((id) => limbic().recall(id, 'what colour is the lighthouse tower?', { topK: 1 })));
      expect(copy!.items[0]?.memory.content).toBe('The lighthouse keeper painted the tower bright orange.');
      expect(copy!.items[0]?.memory.content).toBe(original!.items[0]?.memory.content);
      expect(copy!.items[0]?.memory.id).not.toBe(original!.items[0]?.memory.id);
    });

    it('deletes the copy and all it holds', async () => {
      const deleted = await limbic().deleteAgent('eve-copy');
      expect(deleted).toMatchObject({ agentId: 'eve-copy', agentDeleted: true, memories: N + 1 });
      await expect(limbic().agent('eve-copy')).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('retries at a connection that breaks', () => {
    let proxy: TcpProxy;
    let client: LimbicClient;

    beforeAll(async () => {
      proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(stack.env.LIMBIC_PORT) });
      client = new LimbicClient({ url: `http://127.0.0.1:${proxy.url.port}`, apiKey: stack.tenants[0]!.key, retry: { attempts: 3, baseDelayMs: 10 } });
      await client.createAgent('flaky');
      await client.remember('flaky', 'The router in the basement drops packets when it rains.');
    });
    afterAll(async () => {
      await proxy?.stop();
    });

    it('sends an idempotent query again when the first connection broke after sending, and succeeds', async () => {
      const before = proxy.requests;
      proxy.breakNext(1);
      expect((await client.agent('flaky')).id).toBe('flaky');
      expect(proxy.requests - before).toBe(2);
    });

    it('does not send a recall again once its connection broke after sending', async () => {
      const before = proxy.requests;
      proxy.breakNext(1);
      const err = await client.recall('flaky', 'why does the network fail?').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as NetworkError).sent).toBe(true);
      expect(proxy.requests - before).toBe(1);
      // Only that one request was broken: the same recall through the proxy now answers.
      expect((await client.recall('flaky', 'why does the network fail?')).items[0]?.memory.content).toContain('router');
      expect(proxy.requests - before).toBe(2);
    });

    it('sends a mutation that is not idempotent again when the connection never opened', async () => {
      // A transport that brings the proxy back after the first failure: the retry then gets through.
      const http = new HttpTransport(new HttpClient({ url: `http://127.0.0.1:${proxy.url.port}`, apiKey: stack.tenants[0]!.key }));
      const failures: unknown[] = [];
      const healing: GraphqlTransport = {
        async execute(request, signal) {
          try {
            return await http.execute(request, signal);
          } catch (err) {
            failures.push(err);
            await proxy.restore();
            throw err;
          }
        },
      };
      const observer = new LimbicClient({ transport: healing, retry: { attempts: 3, baseDelayMs: 10 } });
      await proxy.refuse();
      const before = proxy.requests;
      expect((await observer.observe('flaky', 'It is raining again.')).id).toBe('flaky');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toBeInstanceOf(NetworkError);
      expect((failures[0] as NetworkError).sent).toBe(false);
      expect(proxy.requests - before).toBe(1);
    });

    it('times out a hung server as a NetworkError that may have been sent', async () => {
      await proxy.blackhole();
      const impatient = new LimbicClient({ url: `http://127.0.0.1:${proxy.url.port}`, apiKey: stack.tenants[0]!.key, timeoutMs: 300, retry: { attempts: 1 } });
      const err = await impatient.recall('flaky', 'anything').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as NetworkError).sent).toBe(true);
      expect((err as NetworkError).message).toContain('no answer within 300 ms');
      const cancelled = await impatient.agent('flaky', { signal: AbortSignal.timeout(100) }).catch((e: unknown) => e);
      expect(cancelled).toMatchObject({ name: 'TimeoutError' });
      await proxy.restore();
    });
  });
});
