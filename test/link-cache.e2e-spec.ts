import type { Driver } from 'neo4j-driver';
import { GraphqlClient } from './support/graphql-client';
import { testDriver } from './support/neo4j';
import { startProcess, startWithFreePort, type RunningProcess } from './support/processes';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id } }`;
const BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created } }`;
const FORGET = `mutation($id: ID!) { forget(memoryId: $id) { mode } }`;

interface Replica {
  readonly url: string;
  readonly client: GraphqlClient;
  readonly process: RunningProcess;
}

/**
 * encode links a small agent's new memories through this API process's copy of the agent's
 * embeddings when the agent's linkEpoch says the copy is current (encode.neighbours). These
 * tests run several API processes against one database, as replicas would.
 */
describe('link cache: neighbours of small agents from a per-process copy of their embeddings', () => {
  let stack: Stack;
  let driver: Driver;
  const replicas: Replica[] = [];
  const db = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
  const tenant = () => stack.tenants[0]!;

  async function startReplica(env: Record<string, string>): Promise<Replica> {
    const { url, proc } = await startWithFreePort((port) => startProcess('api', { ...stack.env, LIMBIC_PORT: String(port), ...env }), '/health/ready');
    const replica = { url, process: proc, client: new GraphqlClient(`${url}/graphql`, tenant().key) };
    replicas.push(replica);
    return replica;
  }

  /** limbic_link_cache_lookups_total of one API process, by result. */
  async function lookups(url: string): Promise<Record<'cached' | 'stale' | 'scan', number>> {
    const text = await (await fetch(`${url}/metrics`)).text();
    const count = (result: string) => Number(new RegExp(`limbic_link_cache_lookups_total\\{result="${result}"[^}]*\\} (\\d+)`).exec(text)?.[1] ?? 0);
    return { cached: count('cached'), stale: count('stale'), scan: count('scan') };
  }

  /** Every resonance and chain edge leaving the agent's memories, by externalId, weights included. */
  async function edgesOf(agentId: string): Promise<string[]> {
    const { records } = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $t, agentId: $a})-[r]->(o:Memory)
       RETURN m.externalId AS from, type(r) AS type, o.externalId AS to, r.weight AS weight, r.chain AS chain`,
      { t: tenant().id, a: agentId },
      db,
    );
    return records.map((r) => `${String(r.get('from'))} -${String(r.get('type'))}${r.get('chain') ? '(chain)' : ''} ${String(r.get('weight'))}-> ${String(r.get('to'))}`).sort();
  }

  async function memoryIdOf(agentId: string, externalId: string): Promise<string> {
    const { records } = await driver.executeQuery(`MATCH (m:Memory {tenantId: $t, agentId: $a, externalId: $x}) RETURN m.id AS id`, { t: tenant().id, a: agentId, x: externalId }, db);
    return String(records[0]?.get('id'));
  }

  /** Whether the memory was linked (not by the temporal chain) to the one with externalId `to`. */
  async function linkedTo(memoryId: string, agentId: string, to: string): Promise<boolean> {
    const { records } = await driver.executeQuery(
      `MATCH (:Memory {tenantId: $t, id: $m})-[r]-(:Memory {tenantId: $t, agentId: $a, externalId: $x}) WHERE NOT coalesce(r.chain, false) RETURN count(r) AS n`,
      { t: tenant().id, m: memoryId, a: agentId, x: to },
      db,
    );
    return Number(records[0]?.get('n')) > 0;
  }

  beforeAll(async () => {
    stack = await startStack({ tenants: 1 });
    driver = testDriver();
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.process.stop()));
    await stack?.stop();
    await driver?.close();
  });

  it('links exactly the neighbours, types and weights the scan in Neo4j links', async () => {
    const cached = { url: stack.url, client: tenant().client };
    const scanned = await startReplica({ LIMBIC_LINK_CACHE_MB: '0' });
    await cached.client.ok(CREATE_AGENT, { id: 'via-cache' });
    await scanned.client.ok(CREATE_AGENT, { id: 'via-scan' });
    const before = await lookups(cached.url);
    const base = Date.parse('2024-07-01T00:00:00Z');
    // Few words, so that many memories nearly tie on similarity: the k-th neighbour's place is
    // where a cached ranking could go wrong. Never the same text twice: an exact tie is broken by
    // the memories' random ids, which differ between the two agents (the unit spec covers ties).
    const topics = ['the deploy failed', 'the garden bloomed', 'billing was late', 'the deploy worked', 'music at night'];
    const items = Array.from({ length: 60 }, (_, i) => ({
      content: `${topics[i % 5]!} ${i % 7 === 0 ? 'again' : ''} ${['today', 'at work', 'with family'][i % 3]!} (note ${i})`,
      externalId: `i${i}`,
      occurredAt: new Date(base + i * 20 * 60_000).toISOString(),
      affect: { valence: ((i * 37) % 21) / 10 - 1, arousal: ((i * 13) % 11) / 10, dominance: 0.5 },
    }));
    for (const item of items) {
      await cached.client.ok(ENCODE, { input: { ...item, agentId: 'via-cache' } });
      await scanned.client.ok(ENCODE, { input: { ...item, agentId: 'via-scan' } });
    }
    // 60 stored × 3 items is within the budget: a batch takes the cached path too.
    const batch = items.slice(0, 3).map((item, j) => ({ ...item, content: `${item.content}, batched`, externalId: `b${j}`, occurredAt: new Date(base + (200 + j) * 20 * 60_000).toISOString() }));
    await cached.client.ok(BATCH, { input: { agentId: 'via-cache', items: batch } });
    await scanned.client.ok(BATCH, { input: { agentId: 'via-scan', items: batch } });

    const viaCache = await edgesOf('via-cache');
    expect(viaCache.length).toBeGreaterThan(150);
    expect(viaCache).toEqual(await edgesOf('via-scan'));
    // And the copy was really used: every encode but the first two found it current (the first
    // only marks the agent as seen, the second fills the copy), the batch too.
    const after = await lookups(cached.url);
    expect(after.cached - before.cached).toBe(items.length - 2 + 1);
    expect(after.scan - before.scan).toBe(2);
    expect(await lookups(scanned.url)).toEqual({ cached: 0, stale: 0, scan: 0 });
  }, 300_000);

  it("falls back to the scan when another replica's write or a direct one moved the agent on, and still links right", async () => {
    const a = { url: stack.url, client: tenant().client };
    const b = await startReplica({});
    const agentId = 'shared';
    await a.client.ok(CREATE_AGENT, { id: agentId });
    const base = Date.parse('2024-08-01T00:00:00Z');
    const at = (hours: number) => new Date(base + hours * 3_600_000).toISOString();
    const filler = Array.from({ length: 30 }, (_, i) => ({
      content: `Routine entry ${i}: ${['coffee', 'standup', 'email', 'lunch', 'commute'][i % 5]!} as usual.`,
      externalId: `f${i}`,
      occurredAt: at(i),
    }));
    // Replica A's copy of the agent is current after these.
    for (const item of filler.slice(0, 3)) await a.client.ok(ENCODE, { input: { ...item, agentId } });
    await a.client.ok(BATCH, { input: { agentId, items: filler.slice(3) } });
    const probe = 'The lighthouse keeper logged a green flash at sunset over the harbour.';
    const encodeProbe = async (hours: number) => (await a.client.ok<{ encode: { id: string } }>(ENCODE, { input: { agentId, content: probe, occurredAt: at(hours) } })).encode.id;
    const warm = await lookups(a.url);

    // Replica B writes the probe's one true neighbour: A's copy does not hold it.
    await b.client.ok(ENCODE, { input: { agentId, content: 'A lighthouse keeper logged the green flash at sunset over this harbour.', externalId: 'flash', occurredAt: at(40) } });
    const first = await encodeProbe(100);
    expect(await linkedTo(first, agentId, 'flash')).toBe(true);
    const afterStale = await lookups(a.url);
    expect(afterStale.stale - warm.stale).toBe(1);

    // Refilled in that same transaction: the next one is served from the copy, and still finds it.
    const second = await encodeProbe(101);
    expect(await linkedTo(second, agentId, 'flash')).toBe(true);
    expect((await lookups(a.url)).cached - afterStale.cached).toBe(1);

    // B archives it: A must not link to it any more.
    const flashId = await memoryIdOf(agentId, 'flash');
    await b.client.ok(FORGET, { id: flashId });
    const third = await encodeProbe(102);
    expect(await linkedTo(third, agentId, 'flash')).toBe(false);

    // A direct write that restores it and sets a new epoch, as any writer of memories must.
    await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $t, id: $id}) SET m.archived = false REMOVE m.archivedAt
       WITH m MATCH (a:Agent {tenantId: $t, id: m.agentId}) SET a.linkEpoch = randomUUID()`,
      { t: tenant().id, id: flashId },
      db,
    );
    const beforeDirect = await lookups(a.url);
    const fourth = await encodeProbe(103);
    expect(await linkedTo(fourth, agentId, 'flash')).toBe(true);
    expect((await lookups(a.url)).stale - beforeDirect.stale).toBe(1);
  }, 120_000);
});
