import type { Driver } from 'neo4j-driver';
import { loadConfig } from '@limbic/config';
import { createEmbedder } from '@limbic/embeddings';
import { countTenant, eventually, memoryFlags, testDriver } from './support/neo4j';
import { backgroundSettled } from './support/queues';
import { BadInputError, LimbicClient, NotFoundError, UnauthenticatedError, type RecallOptions, type RememberInput } from '@limbic/client';
import { sharedStack, type SharedStack } from './support/shared-stack';

describe('foundation: encode, recall, idempotency, tenancy, bad input, appraisal', () => {
  let stack: SharedStack;
  let driver: Driver;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 2, worker: true });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  const a = () => stack.tenants[0]!.limbic;
  const b = () => stack.tenants[1]!.limbic;
  /** Every node and edge of a tenant, once the background jobs of earlier requests have landed. */
  const settledCount = async (tenant: number) => {
    await backgroundSettled(stack);
    return countTenant(driver, stack.tenants[tenant]!.id);
  };

  it('creates agents idempotently', async () => {
    const first = await a().createAgent('ada', 'personal');
    const again = await a().createAgent('ada', 'personal');
    expect(first).toMatchObject({ id: 'ada', preset: 'personal' });
    expect(again).toMatchObject({ id: 'ada', preset: 'personal', createdAt: first.createdAt });
    // The agent and the first sample of its state history.
    expect((await countTenant(driver, stack.tenants[0]!.id)).nodes).toBe(2);
  });

  it('encodes three memories and recalls the expected one first', async () => {
    const texts = [
      'The production database outage lasted two hours and the on-call engineer restarted the primary.',
      'My daughter painted sunflowers at school and brought the picture home.',
      'We chose PostgreSQL over MongoDB for the billing service because of transactions.',
    ];
    for (const [i, content] of texts.entries()) await a().remember('ada', { content, externalId: `m${i}` });
    const r = await a().recall('ada', 'how long was the database outage?', { topK: 3 });
    expect(r.items.map((i) => i.memory.externalId)).toHaveLength(3);
    expect(r.items[0]?.memory.externalId).toBe('m0');
    expect(r.items.map((i) => i.rank)).toEqual([1, 2, 3]);
    expect(r.recallId).toMatch(/^[0-9a-f-]{36}$/);

    const painting = await a().recall('ada', 'sunflowers my daughter painted', { topK: 1 });
    expect(painting.items[0]?.memory.externalId).toBe('m1');

    // Each memory records the embedder that made its vector: the one the API runs here.
    const model = createEmbedder(loadConfig({ ...process.env, ...stack.env }).embedder, { log: () => undefined, warn: () => undefined }).name;
    expect(r.items.map((i) => i.memory.embeddingModel)).toEqual([model, model, model]);
    expect((await a().memory(painting.items[0]!.memory.id)).embeddingModel).toBe(model);
  });

  it('returns the first memory for a repeated externalId and writes nothing', async () => {
    const first = await a().remember('ada', { content: 'Idempotent note', externalId: 'idem-1' });
    const before = await settledCount(0);
    const again = await a().remember('ada', { content: 'A different text', externalId: 'idem-1' });
    expect(again.id).toBe(first.id);
    expect(again.content).toBe('Idempotent note');
    expect(await settledCount(0)).toEqual(before);
  });

  it('stores occurredAt as given and defaults it to now', async () => {
    const at = '2023-05-08T13:56:00.000Z';
    const given = await a().remember('ada', { content: 'A dated memory', occurredAt: at });
    expect(given.occurredAt).toBe(at);
    const before = Date.now();
    const now = await a().remember('ada', 'An undated memory');
    expect(Math.abs(new Date(now.occurredAt).getTime() - before)).toBeLessThan(60_000);
  });

  it('keeps tenants apart: B cannot read, recall or encode into A’s agent', async () => {
    const mine = await a().remember('ada', 'A secret of tenant A');
    const beforeA = await settledCount(0);
    const beforeB = await settledCount(1);

    await expect(b().memory(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(b().recall('ada', 'secret')).rejects.toBeInstanceOf(BadInputError);
    await expect(b().remember('ada', 'intrusion')).rejects.toBeInstanceOf(BadInputError);
    await expect(b().agent('ada')).rejects.toBeInstanceOf(NotFoundError);
    expect(await settledCount(1)).toEqual(beforeB);

    // B may create its own "ada": same id, another tenant, another agent.
    await b().createAgent('ada', 'personal');
    expect((await b().recall('ada', 'secret of tenant A')).items).toEqual([]);

    // B's own agent and recall wrote into B only.
    expect(await settledCount(0)).toEqual(beforeA);
  });

  it('rejects requests without a valid key', async () => {
    for (const apiKey of [undefined, 'not-a-real-key-at-all']) {
      // An explicit empty key: without one the client would fall back on LIMBIC_API_KEY.
      const stranger = new LimbicClient({ url: stack.url, apiKey: apiKey ?? '' });
      await expect(stranger.memory('x')).rejects.toBeInstanceOf(UnauthenticatedError);
    }
  });

  const encodeWith = (input: Partial<RememberInput> & { agentId?: string }) => () => {
    const { agentId = 'ada', content = 'hello', ...rest } = input;
    return a().remember(agentId, { content, ...rest });
  };
  const recallWith = (agentId: string, query: string, options: RecallOptions = {}) => () => a().recall(agentId, query, options);
  it.each([
    ['empty content', encodeWith({ content: '   ' })],
    ['content over 32 KiB', encodeWith({ content: 'x'.repeat(32 * 1024 + 1) })],
    ['unknown agent', encodeWith({ agentId: 'nobody' })],
    ['malformed date', encodeWith({ occurredAt: 'yesterday-ish' })],
    ['valence out of range', encodeWith({ affect: { valence: 2, arousal: 0.5 } })],
    ['too many tags', encodeWith({ tags: Array.from({ length: 33 }, (_, i) => `t${i}`) })],
    ['topK 0', recallWith('ada', 'q', { topK: 0 })],
    ['topK 1000', recallWith('ada', 'q', { topK: 1000 })],
    ['recall of an unknown agent', recallWith('nobody', 'q')],
    ['empty query', recallWith('ada', '')],
  ])('rejects %s with BAD_USER_INPUT and writes nothing', async (_name, call) => {
    const before = await settledCount(0);
    await expect(call()).rejects.toMatchObject({ name: 'BadInputError', code: 'BAD_USER_INPUT' });
    expect(await countTenant(driver, stack.tenants[0]!.id)).toEqual(before);
  });

  it('lets the worker clear pendingAppraisal within seconds, with a lexicon estimate', async () => {
    const m = await a().remember('ada', 'I am thrilled and so happy: the launch was a wonderful success!');
    expect(m.pendingAppraisal).toBe(true);
    const flags = await eventually(() => memoryFlags(driver, m.id), (f) => f?.pendingAppraisal === false, 15_000);
    expect(flags?.pendingAppraisal).toBe(false);
    expect(flags?.valence).toBeGreaterThan(0.2);
  });

  it('answers health probes', async () => {
    const live = await fetch(`${stack.url}/health/live`);
    expect(live.status).toBe(200);
    const ready = (await (await fetch(`${stack.url}/health/ready`)).json()) as { neo4j: boolean; redis: boolean };
    expect(ready).toMatchObject({ neo4j: true, redis: true });
  });
});
