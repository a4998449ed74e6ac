/**
 * @jest-environment ./libs/embeddings/src/testing/native-realm.environment.ts
 */
// A recall through the API finds the agent's own brute-force top 10 among near copies of its
// memories held by another agent of its tenant and by the same agent id in another tenant, on
// the hash embedder and the local model: the whole path, the API process's embedder and its
// scoring included. Every search path of AgentVectorSearch, the migration and an agent of
// 100,000 are test/integration/vector-search.int-spec.ts, in process.
import type { Driver } from 'neo4j-driver';
import { HashEmbedder, LocalEmbedder, type Embedder } from '@limbic/embeddings';
import { testDriver } from './support/neo4j';
import { sharedStack, type SharedStack } from './support/shared-stack';
import { uniqueSuffix } from './support/processes';
import { bruteTop, crowdRow, expectTopK, jitter, loadMemories, localModel, QUERIES, seededTexts, storedMemories, type Stored } from './support/vector-truth';

jest.setTimeout(300_000);

const DIM = 384;
const SMALL = 50;
/** Near copies of the small agents' memories in another agent of the same tenant. */
const CROWD = 3000;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id } } } }`;
const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const FORGET = `mutation($id: ID!) { forget(memoryId: $id) { memoryId } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { items { memory { id } } } }`;

const { dir: modelDir, present: localPresent } = localModel();
const { random, sentence, realSentence } = seededTexts();

describe('recall through the API: the agent’s own top 10 among near copies', () => {
  const suffix = uniqueSuffix();
  let stack: SharedStack;
  let localStack: SharedStack | null = null;
  let driver: Driver;
  const hash = new HashEmbedder(DIM);
  let local: Embedder | null = null;

  /** 50 memories through the API in two batches (so some were encoded before others), 5 then forgotten. */
  async function smallAgent(s: SharedStack, texts: readonly string[]): Promise<Stored[]> {
    const client = s.tenants[0]!.client;
    await client.ok(CREATE_AGENT, { id: 'few' });
    const t0 = Date.UTC(2026, 0, 1);
    const items = texts.map((content, i) => ({ content, occurredAt: new Date(t0 + i * 60_000).toISOString(), externalId: `x${i}` }));
    await client.ok(ENCODE_BATCH, { input: { agentId: 'few', items: items.slice(0, 30) } });
    await client.ok(ENCODE_BATCH, { input: { agentId: 'few', items: items.slice(30) } });
    const rows = await storedMemories(driver, s.tenants[0]!.id, 'few');
    for (const r of rows.slice(0, 5)) await client.ok(FORGET, { id: r.id });
    return rows;
  }

  beforeAll(async () => {
    driver = testDriver();
    stack = await sharedStack({ tenants: 2, embedder: 'hash' });
    if (localPresent) {
      local = new LocalEmbedder({ modelDir, batchSize: 16 });
      localStack = await sharedStack({ tenants: 1 });
    }
    const hashTexts = Array.from({ length: SMALL }, (_, i) => `${sentence(6)} ${realSentence(i)}`);
    const hashOwn = (await smallAgent(stack, hashTexts)).map((r) => r.embedding);
    await loadMemories(driver, stack.tenants[0]!.id, 'crowd', CROWD, (i) => crowdRow(`crowd${suffix}`, i, jitter(random, hashOwn[i % SMALL]!, 0.01 + (i % 5) * 0.01)));
    await loadMemories(driver, stack.tenants[1]!.id, 'few', 2 * SMALL, (i) => crowdRow(`copy${suffix}`, i, hashOwn[i % SMALL]!));
    if (localStack) {
      const localOwn = (await smallAgent(localStack, hashTexts.map((_, i) => realSentence(i)))).map((r) => r.embedding);
      await loadMemories(driver, localStack.tenants[0]!.id, 'neighbour', CROWD, (i) => crowdRow(`near${suffix}`, i, jitter(random, localOwn[i % SMALL]!, 0.01)));
    }
  });

  afterAll(async () => {
    await stack?.stop();
    await localStack?.stop();
    await driver?.close();
  });

  it('a recall with the semantic profile returns the brute-force top 10 of the agent’s live memories, on both embedders', async () => {
    const embedders = [
      { name: 'hash embedder', embedder: hash as Embedder, stack },
      ...(local && localStack ? [{ name: 'local model', embedder: local, stack: localStack }] : []),
    ];
    for (const e of embedders) {
      const tenant = e.stack.tenants[0]!;
      const live = (await storedMemories(driver, tenant.id, 'few')).filter((r) => !r.archived);
      expect({ embedder: e.name, live: live.length }).toEqual({ embedder: e.name, live: SMALL - 5 });
      for (const query of QUERIES) {
        const [q] = await e.embedder.embed([query]);
        const r = await tenant.client.ok<{ recall: { items: { memory: { id: string } }[] } }>(RECALL, {
          input: { agentId: 'few', query, topK: 10, profile: 'semantic', spread: { enabled: false } },
        });
        expectTopK(
          r.recall.items.map((i) => i.memory),
          bruteTop(live, q!, 10),
          live,
          q!,
        );
      }
    }
  });
});
