import type { Driver } from 'neo4j-driver';
import { loadConfig } from '@limbic/config';
import { createEmbedder } from '@limbic/embeddings';
import { countTenant, eventually, memoryFlags, testDriver } from './support/neo4j';
import { backgroundSettled } from './support/queues';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id, preset: personal }) { id preset } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id externalId content occurredAt pendingAppraisal } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { recallId tookMs items { rank score memory { id externalId content occurredAt embeddingModel } } } }`;
const MEMORY = `query($id: ID!) { memory(id: $id) { id content embeddingModel } }`;

interface Encoded {
  encode: { id: string; externalId: string | null; content: string; occurredAt: string; pendingAppraisal: boolean };
}
interface Recalled {
  recall: { recallId: string; tookMs: number; items: { rank: number; score: number; memory: { id: string; externalId: string | null; content: string; embeddingModel: string | null } }[] };
}

describe('foundation: encode, recall, idempotency, tenancy, bad input, appraisal', () => {
  let stack: Stack;
  let driver: Driver;

  beforeAll(async () => {
    stack = await startStack({ tenants: 2, worker: true });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  const a = () => stack.tenants[0]!.client;
  const b = () => stack.tenants[1]!.client;
  /** Every node and edge of a tenant, once the background jobs of earlier requests have landed. */
  const settledCount = async (tenant: number) => {
    await backgroundSettled(stack);
    return countTenant(driver, stack.tenants[tenant]!.id);
  };

  it('creates agents idempotently', async () => {
    const first = await a().ok<{ createAgent: { id: string; preset: string } }>(CREATE_AGENT, { id: 'ada' });
    const again = await a().ok<{ createAgent: { id: string; preset: string } }>(CREATE_AGENT, { id: 'ada' });
    expect(first.createAgent).toEqual({ id: 'ada', preset: 'personal' });
    expect(again.createAgent).toEqual(first.createAgent);
    expect((await countTenant(driver, stack.tenants[0]!.id)).nodes).toBe(1);
  });

  it('encodes three memories and recalls the expected one first', async () => {
    const texts = [
      'The production database outage lasted two hours and the on-call engineer restarted the primary.',
      'My daughter painted sunflowers at school and brought the picture home.',
      'We chose PostgreSQL over MongoDB for the billing service because of transactions.',
    ];
    for (const [i, content] of texts.entries()) {
      await a().ok<Encoded>(ENCODE, { input: { agentId: 'ada', content, externalId: `m${i}` } });
    }
    const r = await a().ok<Recalled>(RECALL, { input: { agentId: 'ada', query: 'how long was the database outage?', topK: 3 } });
    expect(r.recall.items.map((i) => i.memory.externalId)).toHaveLength(3);
    expect(r.recall.items[0]?.memory.externalId).toBe('m0');
    expect(r.recall.items.map((i) => i.rank)).toEqual([1, 2, 3]);
    expect(r.recall.recallId).toMatch(/^[0-9a-f-]{36}$/);

    const painting = await a().ok<Recalled>(RECALL, { input: { agentId: 'ada', query: 'sunflowers my daughter painted', topK: 1 } });
    expect(painting.recall.items[0]?.memory.externalId).toBe('m1');

    // Each memory records the embedder that made its vector: the one the API runs here.
    const model = createEmbedder(loadConfig({ ...process.env, ...stack.env }).embedder, { log: () => undefined, warn: () => undefined }).name;
    expect(r.recall.items.map((i) => i.memory.embeddingModel)).toEqual([model, model, model]);
    const one = await a().ok<{ memory: { embeddingModel: string | null } }>(MEMORY, { id: painting.recall.items[0]!.memory.id });
    expect(one.memory.embeddingModel).toBe(model);
  });

  it('returns the first memory for a repeated externalId and writes nothing', async () => {
    const first = await a().ok<Encoded>(ENCODE, { input: { agentId: 'ada', content: 'Idempotent note', externalId: 'idem-1' } });
    const before = await settledCount(0);
    const again = await a().ok<Encoded>(ENCODE, { input: { agentId: 'ada', content: 'A different text', externalId: 'idem-1' } });
    expect(again.encode.id).toBe(first.encode.id);
    expect(again.encode.content).toBe('Idempotent note');
    expect(await settledCount(0)).toEqual(before);
  });

  it('stores occurredAt as given and defaults it to now', async () => {
    const at = '2023-05-08T13:56:00.000Z';
    const given = await a().ok<Encoded>(ENCODE, { input: { agentId: 'ada', content: 'A dated memory', occurredAt: at } });
    expect(given.encode.occurredAt).toBe(at);
    const before = Date.now();
    const now = await a().ok<Encoded>(ENCODE, { input: { agentId: 'ada', content: 'An undated memory' } });
    expect(Math.abs(new Date(now.encode.occurredAt).getTime() - before)).toBeLessThan(60_000);
  });

  it('keeps tenants apart: B cannot read, recall or encode into A’s agent', async () => {
    const mine = await a().ok<Encoded>(ENCODE, { input: { agentId: 'ada', content: 'A secret of tenant A' } });
    const beforeA = await settledCount(0);
    const beforeB = await settledCount(1);

    expect(await b().errorCode(MEMORY, { id: mine.encode.id })).toBe('NOT_FOUND');
    expect(await b().errorCode(RECALL, { input: { agentId: 'ada', query: 'secret' } })).toBe('BAD_USER_INPUT');
    expect(await b().errorCode(ENCODE, { input: { agentId: 'ada', content: 'intrusion' } })).toBe('BAD_USER_INPUT');
    expect(await b().errorCode(`query { agent(id: "ada") { id } }`)).toBe('NOT_FOUND');
    expect(await settledCount(1)).toEqual(beforeB);

    // B may create its own "ada": same id, another tenant, another agent.
    await b().ok(CREATE_AGENT, { id: 'ada' });
    const bRecall = await b().ok<Recalled>(RECALL, { input: { agentId: 'ada', query: 'secret of tenant A' } });
    expect(bRecall.recall.items).toEqual([]);

    // B's own agent and recall wrote into B only.
    expect(await settledCount(0)).toEqual(beforeA);
  });

  it('rejects requests without a valid key', async () => {
    expect(await a().withKey(undefined).errorCode(MEMORY, { id: 'x' })).toBe('UNAUTHENTICATED');
    expect(await a().withKey('not-a-real-key-at-all').errorCode(MEMORY, { id: 'x' })).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['empty content', ENCODE, { input: { agentId: 'ada', content: '   ' } }],
    ['content over 32 KiB', ENCODE, { input: { agentId: 'ada', content: 'x'.repeat(32 * 1024 + 1) } }],
    ['unknown agent', ENCODE, { input: { agentId: 'nobody', content: 'hello' } }],
    ['malformed date', ENCODE, { input: { agentId: 'ada', content: 'hello', occurredAt: 'yesterday-ish' } }],
    ['valence out of range', ENCODE, { input: { agentId: 'ada', content: 'hello', affect: { valence: 2, arousal: 0.5 } } }],
    ['too many tags', ENCODE, { input: { agentId: 'ada', content: 'hello', tags: Array.from({ length: 33 }, (_, i) => `t${i}`) } }],
    ['topK 0', RECALL, { input: { agentId: 'ada', query: 'q', topK: 0 } }],
    ['topK 1000', RECALL, { input: { agentId: 'ada', query: 'q', topK: 1000 } }],
    ['recall of an unknown agent', RECALL, { input: { agentId: 'nobody', query: 'q' } }],
    ['empty query', RECALL, { input: { agentId: 'ada', query: '' } }],
  ])('rejects %s with BAD_USER_INPUT and writes nothing', async (_name, query, variables) => {
    const before = await settledCount(0);
    expect(await a().errorCode(query, variables)).toBe('BAD_USER_INPUT');
    expect(await countTenant(driver, stack.tenants[0]!.id)).toEqual(before);
  });

  it('lets the worker clear pendingAppraisal within seconds, with a lexicon estimate', async () => {
    const m = await a().ok<Encoded>(ENCODE, {
      input: { agentId: 'ada', content: 'I am thrilled and so happy: the launch was a wonderful success!' },
    });
    expect(m.encode.pendingAppraisal).toBe(true);
    const flags = await eventually(() => memoryFlags(driver, m.encode.id), (f) => f?.pendingAppraisal === false, 15_000);
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
