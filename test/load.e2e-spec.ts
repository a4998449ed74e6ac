// Concurrent use of one agent (issue 17), short enough for CI; the long runs with figures are
// `npm run bench:load`. No timing is asserted: what must hold under load is that no client sees
// an error it did not cause, nothing is lost or duplicated, the temporal chain stays one
// chain, and overload answers with a typed, retryable error instead of INTERNAL.
import type { Driver } from 'neo4j-driver';
import { closedLoop, content, errorCount, newTally, send, type Client, ENCODE, RECALL, recallQuery } from '../bench/load/load-kit';
import { cypher } from './support/consolidation-harness';
import { testDriver } from './support/neo4j';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;

describe('load: concurrent writers and readers on one agent', () => {
  let stack: Stack;
  let driver: Driver;
  let client: Client;
  const tenant = () => stack.tenants[0]!.id;

  beforeAll(async () => {
    // One tenant's concurrency is what this file measures, so its rate limit is off
    // (test/admission.e2e-spec.ts tests the limit, and a flooding tenant beside another).
    stack = await startStack({ tenants: 1, env: { LIMBIC_EMBEDDER: 'hash', LIMBIC_RATE_LIMIT_COST_PER_SEC: '0' } });
    driver = testDriver();
    client = { url: `${stack.url}/graphql`, key: stack.tenants[0]!.key };
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  async function encodeTransactions(): Promise<number> {
    const metrics = await (await fetch(`${stack.url}/metrics`)).text();
    const line = metrics.split('\n').find((l) => l.startsWith('limbic_neo4j_transaction_seconds_count{') && l.includes('query="encode"') && l.includes('outcome="ok"'));
    return line ? Number(line.split(' ').pop()) : 0;
  }

  it('16 clients encoding into one agent: no errors, every externalId stored once, one unbroken temporal chain', async () => {
    const agentId = 'burst';
    await stack.tenants[0]!.client.ok(CREATE_AGENT, { id: agentId });
    const transactionsBefore = await encodeTransactions();
    const tally = newTally();
    const perClient = 30;
    await Promise.all(
      Array.from({ length: 16 }, async (_, c) => {
        for (let i = 0; i < perClient; i++) {
          // Every tenth call repeats an earlier key of another client: idempotency under concurrency.
          const externalId = i % 10 === 9 ? `${(c + 1) % 16}-${i - 1}` : `${c}-${i}`;
          await send(client, ENCODE, { i: { agentId, content: content(c, i), externalId } }, tally);
        }
      }),
    );
    expect(tally.errors).toEqual({});
    const distinctKeys = 16 * perClient - 16 * Math.floor(perClient / 10);

    const [stored] = await cypher<{ memories: number; keys: number }>(
      driver,
      'MATCH (m:Memory {tenantId: $t, agentId: $a}) RETURN count(m) AS memories, count(DISTINCT m.externalId) AS keys',
      { t: tenant(), a: agentId },
    );
    expect(stored).toEqual({ memories: distinctKeys, keys: distinctKeys });

    // The chain: every memory but the first has exactly one chain predecessor, and it is the
    // memory just before it in (occurredAt, id) order.
    const broken = await cypher<{ id: string; preds: string[]; expected: string | null }>(
      driver,
      `MATCH (m:Memory {tenantId: $t, agentId: $a})
       WITH m ORDER BY m.occurredAt, m.id
       WITH collect(m) AS ms
       UNWIND range(0, size(ms) - 1) AS i
       WITH ms[i] AS m, CASE WHEN i = 0 THEN null ELSE ms[i - 1].id END AS expected
       OPTIONAL MATCH (p:Memory)-[r:TEMPORAL {chain: true}]->(m)
       WITH m, expected, collect(p.id) AS preds
       WHERE preds <> CASE WHEN expected IS NULL THEN [] ELSE [expected] END
       RETURN m.id AS id, preds, expected LIMIT 5`,
      { t: tenant(), a: agentId },
    );
    expect(broken).toEqual([]);
    // Concurrent calls were written together: fewer transactions than calls.
    expect((await encodeTransactions()) - transactionsBefore).toBeLessThan(16 * perClient);
  }, 120_000);

  it('50 encoders and 50 recallers on one agent for 15 s: no errors', async () => {
    const agentId = 'mixed';
    await stack.tenants[0]!.client.ok(CREATE_AGENT, { id: agentId });
    for (let i = 0; i < 20; i++) await send(client, ENCODE, { i: { agentId, content: content(99, i) } });
    const encodes = newTally();
    const recalls = newTally();
    const until = performance.now() + 15_000;
    await Promise.all([
      closedLoop(50, until, (c, i) => send(client, ENCODE, { i: { agentId, content: content(c, i), externalId: `${c}-${i}` } }, encodes)),
      closedLoop(50, until, (_c, i) => send(client, RECALL, { i: { agentId, query: recallQuery(i) } }, recalls)),
    ]);
    expect({ encode: encodes.errors, recall: recalls.errors }).toEqual({ encode: {}, recall: {} });
    expect(encodes.ok).toBeGreaterThan(50);
    expect(recalls.ok).toBeGreaterThan(50);
    const [stored] = await cypher<{ n: number }>(driver, 'MATCH (m:Memory {tenantId: $t, agentId: $a}) RETURN count(m) AS n', { t: tenant(), a: agentId });
    expect(stored?.n).toBe(20 + encodes.ok);
  }, 120_000);
});

describe('load: overload answers with a typed, retryable error', () => {
  let stack: Stack;
  let client: Client;

  beforeAll(async () => {
    // Two pooled connections and room for ten more in line, for a hundred concurrent recalls.
    stack = await startStack({ tenants: 1, env: { LIMBIC_EMBEDDER: 'hash', NEO4J_MAX_POOL_SIZE: '2', NEO4J_MAX_WAITING: '10', LIMBIC_RATE_LIMIT_COST_PER_SEC: '0' } });
    client = { url: `${stack.url}/graphql`, key: stack.tenants[0]!.key };
    await stack.tenants[0]!.client.ok(CREATE_AGENT, { id: 'crowded' });
    for (let i = 0; i < 20; i++) await send(client, ENCODE, { i: { agentId: 'crowded', content: content(7, i) } });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('a full line for the database gives UNAVAILABLE with Retry-After at once, never INTERNAL, and the API serves again after', async () => {
    const tally = newTally();
    const until = performance.now() + 8_000;
    await closedLoop(100, until, (_c, i) => send(client, RECALL, { i: { agentId: 'crowded', query: recallQuery(i) } }, tally));
    const codes = Object.keys(tally.errors);
    expect(codes.filter((c) => c !== 'UNAVAILABLE')).toEqual([]);
    expect(tally.ok).toBeGreaterThan(0);
    expect(errorCount(tally)).toBeGreaterThan(0);
    expect(tally.retryAfter.length).toBe(errorCount(tally));
    for (const s of tally.retryAfter) expect(s).toBeGreaterThanOrEqual(1);
    const after = await send(client, RECALL, { i: { agentId: 'crowded', query: 'after the crowd' } });
    expect(after.outcome).toBeNull();
  }, 60_000);
});
