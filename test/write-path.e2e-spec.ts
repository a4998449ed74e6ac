import type { Driver } from 'neo4j-driver';
import { countTenant, testDriver } from './support/neo4j';
import { BadInputError, NotFoundError, type RememberInput } from '@limbic/client';
import { sharedStack, type SharedStack } from './support/shared-stack';

/**
 * The most an emptied `agent`-preset agent recovers from `started` to now (its deficit halves
 * every 5 minutes): 50 interactions at 2 % leave at most this much energy.
 */
function recoveredSince(started: number): number {
  return 1 - 0.5 ** ((Date.now() - started) / (5 * 60_000));
}

describe('write path: agent state, resonance graph, batches', () => {
  let stack: SharedStack;
  let driver: Driver;
  const db = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };
  const t0 = () => stack.tenants[0]!;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 2 });
    driver = testDriver();
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  /** The id of tenant 0's memory `externalId` of `agentId`. */
  async function memoryIdOf(agentId: string, externalId: string): Promise<string> {
    const { records } = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $t, agentId: $a, externalId: $x}) RETURN m.id AS id`,
      { t: t0().id, a: agentId, x: externalId },
      db,
    );
    return String(records[0]?.get('id'));
  }

  /** Types of the resonance edges (not the temporal chain) between two of tenant 0's memories. */
  async function nonChainLinks(memoryId: string, otherId: string): Promise<string[]> {
    const { records } = await driver.executeQuery(
      `MATCH (:Memory {tenantId: $t, id: $m})-[r]-(:Memory {tenantId: $t, id: $o}) WHERE NOT coalesce(r.chain, false) RETURN type(r) AS type`,
      { t: t0().id, m: memoryId, o: otherId },
      db,
    );
    return records.map((r) => r.get('type') as string);
  }

  async function chainOf(agentId: string): Promise<{ ids: string[]; byTime: string[]; chainEdges: number }> {
    const { records } = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $t, agentId: $a}) RETURN m.id AS id ORDER BY m.occurredAt, m.id`,
      { t: t0().id, a: agentId },
      db,
    );
    const byTime = records.map((r) => r.get('id') as string);
    const edges = await driver.executeQuery(
      `MATCH (x:Memory {tenantId: $t, agentId: $a})-[r:TEMPORAL {chain: true}]->(y:Memory) RETURN x.id AS x, y.id AS y`,
      { t: t0().id, a: agentId },
      db,
    );
    const next = new Map(edges.records.map((r) => [r.get('x') as string, r.get('y') as string]));
    const incoming = new Set(next.values());
    const head = byTime.find((id) => !incoming.has(id));
    const ids: string[] = [];
    for (let at = head; at !== undefined && ids.length <= byTime.length; at = next.get(at)) ids.push(at);
    return { ids, byTime, chainEdges: edges.records.length };
  }

  it('sets, observes and resets agent state', async () => {
    const c = t0().limbic;
    await c.createAgent('state');
    const set = await c.setFeeling('state', { valence: 0.8, arousal: 0.7 });
    expect(set.affect).toEqual({ valence: 0.8, arousal: 0.7, dominance: 0.5 });
    expect(set.momentum.dv).toBeGreaterThan(0);

    const observed = await c.observe('state', 'This is a horrible, terrible, awful disaster.');
    expect(observed.affect.valence).toBeLessThan(0.8);
    expect(observed.energy).toBeLessThan(1);

    await c.setGoals('state', [
      { name: 'ship the billing service', priority: 0.9 },
      { name: 'learn Rust', priority: 0.3 },
    ]);
    const agent = await c.agent('state');
    expect(agent.goals.map(({ name, priority }) => ({ name, priority }))).toEqual([
      { name: 'ship the billing service', priority: 0.9 },
      { name: 'learn Rust', priority: 0.3 },
    ]);
    expect(agent.mood.valence).toBeGreaterThan(0);

    const reset = await c.resetState('state');
    expect(reset.affect).toMatchObject({ valence: 0, arousal: 0 });
    expect(reset.energy).toBe(1);
    expect(reset.goals).toHaveLength(2);
  });

  it('rejects bad agent-state input with BAD_USER_INPUT or NOT_FOUND', async () => {
    const c = t0().limbic;
    await expect(c.setFeeling('state', { valence: 1.5, arousal: 0.5 })).rejects.toMatchObject({ name: 'BadInputError', field: 'affect.valence' });
    await expect(c.setFeeling('state', { valence: 0, arousal: -0.1 })).rejects.toMatchObject({ name: 'BadInputError', field: 'affect.arousal' });
    await expect(c.setFeeling('state', { valence: 0, arousal: 0.5, dominance: 2 })).rejects.toMatchObject({ name: 'BadInputError', field: 'affect.dominance' });
    await expect(c.setGoals('state', [{ name: 'x', priority: 3 }])).rejects.toBeInstanceOf(BadInputError);
    await expect(c.observe('nobody', 'hi')).rejects.toBeInstanceOf(NotFoundError);
    await expect(stack.tenants[1]!.limbic.setFeeling('state', { valence: 0, arousal: 0 })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('encodes with an emotional tag and typed resonance edges that never leave the agent', async () => {
    const c = t0().limbic;
    await c.createAgent('links');
    const base = Date.parse('2024-03-01T09:00:00Z');
    const texts = [
      'The deploy of the billing service failed because the database migration timed out.',
      'We rolled back the billing service deploy after the database migration failure.',
      'The billing service database migration finally succeeded after we added an index.',
      'Lunch was a lovely pasta with friends in the sun.',
    ];
    for (const [i, content] of texts.entries()) {
      await c.remember('links', { content, occurredAt: new Date(base + i * 60_000).toISOString(), tags: ['work'] });
    }
    const { records } = await driver.executeQuery(
      `MATCH (x:Memory {tenantId: $t, agentId: 'links'})-[r]->(y)
       RETURN type(r) AS type, r.tenantId AS tenant, r.weight AS weight, labels(y)[0] AS target, y.agentId AS targetAgent, r.chain AS chain`,
      { t: t0().id },
      db,
    );
    const resonance = records.filter((r) => r.get('target') === 'Memory');
    expect(resonance.length).toBeGreaterThan(3);
    for (const r of records) expect(r.get('tenant')).toBe(t0().id);
    for (const r of resonance) {
      expect(['SEMANTIC', 'EMOTIONAL', 'TEMPORAL', 'CAUSAL', 'CONTRASTIVE']).toContain(r.get('type'));
      expect(r.get('targetAgent')).toBe('links');
      expect(r.get('weight')).toBeGreaterThanOrEqual(0.1);
      expect(r.get('weight')).toBeLessThanOrEqual(1);
    }
    // Similar, causally marked, close in time: at least one CAUSAL or SEMANTIC edge.
    expect(resonance.some((r) => ['CAUSAL', 'SEMANTIC'].includes(r.get('type') as string))).toBe(true);
    expect(records.some((r) => r.get('type') === 'TAGGED')).toBe(true);
    // Per new memory: at most five links plus its chain edge(s).
    const perTarget = await driver.executeQuery(
      `MATCH (:Memory)-[r {chain: false}]->(m:Memory {tenantId: $t, agentId: 'links'}) RETURN m.id AS id, count(r) AS n`,
      { t: t0().id },
      db,
    );
    for (const r of perTarget.records) expect(Number(r.get('n'))).toBeLessThanOrEqual(5);
    const mem = await driver.executeQuery(
      `MATCH (m:Memory {tenantId: $t, agentId: 'links'}) RETURN m.moodAtEncoding AS mood, m.consolidation AS c, m.nextReviewAt IS NOT NULL AS review LIMIT 1`,
      { t: t0().id },
      db,
    );
    expect(mem.records[0]?.get('mood')).toHaveLength(3);
    expect(mem.records[0]?.get('c')).toBeGreaterThanOrEqual(0.1);
    expect(mem.records[0]?.get('review')).toBe(true);
  });

  it('keeps a consistent state and a single temporal chain under 50 parallel encodes', async () => {
    const c = t0().limbic;
    await c.createAgent('race');
    const base = Date.parse('2024-01-01T00:00:00Z');
    // Shuffled times: the chain must still come out in occurredAt order.
    const offsets = Array.from({ length: 50 }, (_, i) => (i * 37) % 50);
    const started = Date.now();
    await Promise.all(
      offsets.map((o, i) =>
        c.remember('race', { content: `Parallel memory number ${i} about topic ${o % 7}`, occurredAt: new Date(base + o * 60_000).toISOString() }),
      ),
    );
    const chain = await chainOf('race');
    expect(chain.byTime).toHaveLength(50);
    expect(chain.chainEdges).toBe(49);
    expect(chain.ids).toEqual(chain.byTime);

    // Every encode paid its energy: 50 interactions cost 2 % each, less what the seconds they
    // took gave back (a lost update would leave 0.02 more).
    const agent = await c.agent('race');
    expect(agent.energy).toBeLessThanOrEqual(recoveredSince(started) + 1e-9);
  });

  it('keeps a consistent state under 50 parallel observes', async () => {
    const c = t0().limbic;
    await c.createAgent('observer');
    const started = Date.now();
    await Promise.all(Array.from({ length: 50 }, (_, i) => c.observe('observer', i % 2 ? 'wonderful news' : 'awful news')));
    const agent = await c.agent('observer');
    expect(agent.energy).toBeLessThanOrEqual(recoveredSince(started) + 1e-9);
    const { records } = await driver.executeQuery(
      `MATCH (a:Agent {tenantId: $t, id: 'observer'}) RETURN size(a.affectHistory) AS h, a.stateLock AS locks`,
      { t: t0().id },
      db,
    );
    expect(records[0]?.get('h')).toBe(12); // the last three states, four numbers each
    expect(records[0]?.get('locks')).toBe(50);
  });

  it('links new memories of a 600-memory agent to a similar old one by meaning, far from it in time', async () => {
    const c = t0().limbic;
    await c.createAgent('large');
    const base = Date.parse('2024-03-01T00:00:00Z');
    // 600 memories, one of them far back and distinctive: only the vector index can find it.
    const filler = Array.from({ length: 599 }, (_, i) => ({
      content: `Routine entry ${i}: ${['coffee', 'standup', 'email', 'lunch', 'commute', 'meeting'][i % 6]} as usual, nothing special ${i}.`,
      externalId: `f${i}`,
      occurredAt: new Date(base + (i + 1) * 3_600_000).toISOString(),
    }));
    const distinctive = { content: 'The submarine sonar array detected whale songs near the reef.', externalId: 'sonar', occurredAt: new Date(base).toISOString() };
    await c.rememberMany('large', [distinctive, ...filler.slice(0, 299)]);
    await c.rememberMany('large', filler.slice(299));
    const sonarId = await memoryIdOf('large', 'sonar');
    const linkedToSonar = (memoryId: string) => nonChainLinks(memoryId, sonarId);
    const late = new Date(base + 1000 * 3_600_000).toISOString();
    // A single encode, days after the sonar memory: not its neighbour in time, only in meaning.
    const single = await c.remember('large', { content: 'The submarine sonar array detected whale songs near the reef again.', occurredAt: late });
    expect(await linkedToSonar(single.id)).not.toHaveLength(0);
    // And a small batch into the same large agent.
    const batch = await c.rememberMany('large', [{ content: 'Sonar array on the submarine picked up whale songs by the reef.', externalId: 'sonar-2', occurredAt: late }]);
    expect(await linkedToSonar(batch.items[0]!.memory.id)).not.toHaveLength(0);
  });

  it('links to the agent’s own nearest neighbours where the vector index is crowded by another agent’s copies', async () => {
    const c = t0().limbic;
    await c.createAgent('crowd');
    await c.createAgent('small-among-many');
    const base = Date.parse('2024-05-01T00:00:00Z');
    const probe = 'The lighthouse keeper logged a green flash at sunset over the harbour.';
    // Another agent's copies of the probe text fill the index's top results for it: only a
    // search filtered by agent inside the index finds the small agent's memories.
    const crowd = Array.from({ length: 100 }, (_, i) => ({ content: probe, externalId: `c${i}`, occurredAt: new Date(base + i * 60_000).toISOString() }));
    await c.rememberMany('crowd', crowd);
    const filler = Array.from({ length: 299 }, (_, i) => ({
      content: `Routine entry ${i}: ${['coffee', 'standup', 'email', 'lunch', 'commute', 'meeting'][i % 6]} as usual, nothing special ${i}.`,
      externalId: `f${i}`,
      occurredAt: new Date(base + (i + 1) * 3_600_000).toISOString(),
    }));
    const distinctive = { content: 'A lighthouse keeper logged the green flash at sunset over this harbour.', externalId: 'flash', occurredAt: new Date(base).toISOString() };
    await c.rememberMany('small-among-many', [distinctive, ...filler]);
    const flashId = await memoryIdOf('small-among-many', 'flash');
    const linkedToFlash = (memoryId: string) => nonChainLinks(memoryId, flashId);
    const late = new Date(base + 1000 * 3_600_000).toISOString();

    // A single encode.
    const single = await c.remember('small-among-many', { content: probe, occurredAt: late });
    expect(await linkedToFlash(single.id)).not.toHaveLength(0);

    // A batch of two whose first key is replayed: the one new item is linked like a single encode.
    const batch = await c.rememberMany('small-among-many', [filler[0]!, { content: probe, externalId: 'probe-2', occurredAt: late }]);
    expect(batch.items.map((i) => i.created)).toEqual([false, true]);
    expect(await linkedToFlash(batch.items[1]!.memory.id)).not.toHaveLength(0);
  });

  it('encodes a batch in one transaction, in time order, idempotent per externalId', async () => {
    const c = t0().limbic;
    await c.createAgent('batch');
    const base = Date.parse('2024-02-01T00:00:00Z');
    const items = Array.from({ length: 120 }, (_, i) => ({
      content: `Batch turn ${i}: we discussed ${['databases', 'holidays', 'rust', 'gardening'][i % 4]} at length.`,
      externalId: `D1:${i}`,
      occurredAt: new Date(base + (119 - i) * 30_000).toISOString(), // reversed on purpose
    }));
    const first = await c.rememberMany('batch', items);
    expect(first.created).toBe(120);
    expect(first.items.map((i) => i.memory.externalId)).toEqual(items.map((i) => i.externalId));
    const chain = await chainOf('batch');
    expect(chain.ids).toEqual(chain.byTime);
    expect(chain.chainEdges).toBe(119);
    // One call is one interaction, whatever its size.
    expect((await c.agent('batch')).energy).toBeCloseTo(0.98, 2);

    const memories = async () =>
      Number((await driver.executeQuery(`MATCH (m:Memory {tenantId: $t, agentId: 'batch'}) RETURN count(m) AS n`, { t: t0().id }, db)).records[0]?.get('n'));
    const before = await memories();
    const again = await c.rememberMany('batch', [...items.slice(0, 10), { content: 'brand new', externalId: 'D2:0', occurredAt: new Date(base - 60_000).toISOString() }]);
    expect(again.created).toBe(1);
    expect(again.items.slice(0, 10).map((i) => i.memory.id)).toEqual(first.items.slice(0, 10).map((i) => i.memory.id));
    expect(await memories()).toBe(before + 1);
    const chain2 = await chainOf('batch');
    expect(chain2.ids).toEqual(chain2.byTime);
    expect(chain2.ids).toHaveLength(121);
  });

  it.each<[string, { agentId: string; items: RememberInput[] }]>([
    ['more than 500 items', { agentId: 'batch', items: Array.from({ length: 501 }, (_, i) => ({ content: `x${i}` })) }],
    ['one bad item among good ones', { agentId: 'batch', items: [{ content: 'fine' }, { content: 'bad', affect: { valence: 0, arousal: 1.2 } }] }],
    ['an empty batch', { agentId: 'batch', items: [] }],
    ['an unknown agent', { agentId: 'nobody', items: [{ content: 'fine' }] }],
  ])('rejects a batch with %s and writes nothing', async (_name, input) => {
    const before = await countTenant(driver, t0().id);
    await expect(t0().limbic.rememberMany(input.agentId, input.items)).rejects.toBeInstanceOf(BadInputError);
    expect(await countTenant(driver, t0().id)).toEqual(before);
  });
});
