// Neo4j going away under a running API (stopped, or hung behind a dead network path), through a
// proxy so that the shared Neo4j keeps serving the other test files: every request fails fast
// as UNAVAILABLE, readiness says 503 within a second, and the API recovers by itself.
import { startStack, type Stack } from './support/stack';
import { TcpProxy } from './support/tcp-proxy';
import { eventually } from './support/neo4j';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { items { memory { id } } } }`;
const AGENT = `query($id: ID!) { agent(id: $id) { id } }`;

describe('Neo4j down', () => {
  let proxy: TcpProxy;
  let stack: Stack;
  const client = () => stack.tenants[0]!.client;
  const bolt = new URL((process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687').replace(/^(bolt|neo4j)(\+s?s?c?)?:/, 'http:'));

  beforeAll(async () => {
    proxy = await TcpProxy.start({ host: bolt.hostname, port: Number(bolt.port || 7687) });
    stack = await startStack({ tenants: 1, env: { LIMBIC_EMBEDDER: 'hash', NEO4J_URI: `bolt://127.0.0.1:${proxy.url.port}` } });
    await client().ok(CREATE_AGENT, { id: 'steady' });
    await client().ok(ENCODE, { input: { agentId: 'steady', content: 'written before the outage' } });
  }, 90_000);

  afterAll(async () => {
    await proxy?.restore();
    await stack?.stop();
    await proxy?.stop();
  });

  async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  }

  const readiness = () => timed(async () => (await fetch(`${stack.url}/health/ready`)).status);

  const operations: [string, () => ReturnType<ReturnType<typeof client>['request']>][] = [
    ['encode', () => client().request(ENCODE, { input: { agentId: 'steady', content: 'written during the outage' } })],
    ['recall', () => client().request(RECALL, { input: { agentId: 'steady', query: 'outage' } })],
    ['agent', () => client().request(AGENT, { id: 'steady' })],
  ];

  async function expectFastFailures(): Promise<void> {
    // Readiness first: its own check must not wait behind the requests below.
    const ready = await readiness();
    expect(ready.value).toBe(503);
    expect(ready.ms).toBeLessThan(1000);
    for (const [name, op] of operations) {
      const { value, ms } = await timed(op);
      expect({ name, code: value.errors?.[0]?.extensions?.code }).toEqual({ name, code: 'UNAVAILABLE' });
      expect(`${name} ${ms < 2000 ? 'within' : 'after'} 2 s (${Math.round(ms)} ms)`).toMatch(/within/);
    }
  }

  async function expectRecovery(): Promise<void> {
    await proxy.restore();
    await eventually(async () => (await readiness()).value, (s) => s === 200, 20_000);
    const r = await eventually(
      () => client().request(ENCODE, { input: { agentId: 'steady', content: 'written after the outage' } }),
      (x) => !x.errors,
      10_000,
    );
    expect(r.errors).toBeUndefined();
    const recalled = await client().ok<{ recall: { items: unknown[] } }>(RECALL, { input: { agentId: 'steady', query: 'outage' } });
    expect(recalled.recall.items.length).toBeGreaterThan(0);
  }

  it('stopped: requests fail within 2 s as UNAVAILABLE, readiness is 503 within 1 s, and it recovers', async () => {
    await proxy.refuse();
    await expectFastFailures();
    await expectRecovery();
  }, 60_000);

  it('hung (connections accepted, nothing answers): the same', async () => {
    await proxy.blackhole();
    await expectFastFailures();
    await expectRecovery();
  }, 60_000);
});
