import type { Driver } from 'neo4j-driver';
import { cypher } from './support/consolidation-harness';
import { eventually, testDriver } from './support/neo4j';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id } } } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { items { memory { id } } } }`;

/**
 * The worker's vector index refresher (apps/worker/src/index-refresh): once at boot, then after
 * writes go quiet a fixed number of times (REFRESHES_AFTER_WRITES), never while nothing is
 * written, and it leaves nothing behind. Whether Neo4j's searcher then sees merged segments is
 * measured in the recall bench, not asserted here (timing).
 */
describe('vector index refresher', () => {
  let stack: Stack;
  let driver: Driver;
  const refreshes = (): number => (stack.worker?.output().match(/vector index refreshed/g) ?? []).length;
  const markers = async (): Promise<number> =>
    Number((await cypher<{ n: number }>(driver, `MATCH (m:Memory {tenantId: 'limbic:system'}) RETURN count(m) AS n`))[0]?.n ?? 0);
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, worker: true, env: { LIMBIC_INDEX_REFRESH_INTERVAL_MS: '1000', LIMBIC_LOG_LEVEL: 'log', LIMBIC_LOG_FORMAT: 'text' } });
    driver = testDriver();
    await stack.tenants[0]!.client.ok(CREATE_AGENT, { id: 'ira' });
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('refreshes once at boot, three times after a batch of writes goes quiet, and not while nothing is written', async () => {
    await eventually(async () => refreshes(), (n) => n >= 1, 20_000);
    await pause(3000); // three quiet ticks: nothing was written since boot
    expect(refreshes()).toBe(1);

    const items = ['the tide came in over the rocks', 'a gull took the bread', 'the lighthouse keeper waved'].map((content) => ({ content }));
    const written = await stack.tenants[0]!.client.ok<{ encodeBatch: { items: { memory: { id: string } }[] } }>(ENCODE_BATCH, { input: { agentId: 'ira', items } });
    expect(written.encodeBatch.items).toHaveLength(3);
    await eventually(async () => refreshes(), (n) => n >= 4, 20_000);
    await pause(3000);
    expect(refreshes()).toBe(4);
    expect(stack.worker?.output()).not.toMatch(/vector index refresh failed/);

    // Nothing of the refresher stays in the graph, and recall sees only the tenant's memories.
    expect(await markers()).toBe(0);
    const recalled = await stack.tenants[0]!.client.ok<{ recall: { items: { memory: { id: string } }[] } }>(RECALL, { input: { agentId: 'ira', query: 'lighthouse tide' } });
    const ids = new Set(written.encodeBatch.items.map((i) => i.memory.id));
    expect(recalled.recall.items.length).toBeGreaterThan(0);
    expect(recalled.recall.items.every((i) => ids.has(i.memory.id))).toBe(true);
  }, 90_000);
});
