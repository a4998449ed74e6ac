import type { RecallOptions } from '@limbic/client';
import { sharedStack, type SharedStack } from './support/shared-stack';
import { startStack, type Stack } from './support/stack';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2025, 4, 1, 9);

/**
 * The API spreads in-process over the agent graph it holds (SpreadGraphCache) and only at the
 * graph revision the recall read: a write is seen by the very next recall — through the held
 * graph when the write was this API's own encode (its links are added to the copy), else through
 * the Cypher spread until the copy is reloaded, then through the reloaded one.
 */
describe('recall spreads over the held agent graph, and never over a stale one', () => {
  let stack: SharedStack;
  const limbic = () => stack.tenants[0]!.limbic;
  const ids = new Map<string, string>();
  // Importance decides among what is found; kite and sunflowers share no word or meaning with the
  // query, so only spreading from the outage can bring them.
  const query = 'postgres outage failover replica';
  const recall = (options: RecallOptions = {}) =>
    limbic().recall('sol', query, { topK: 4, weights: { semantic: 0.1, importance: 0.9 }, explain: true, spread: { hops: 2 }, ...options });
  const encode = async (externalId: string, content: string, at: number, importance: number) => {
    const m = await limbic().remember('sol', { externalId, content, occurredAt: new Date(at).toISOString(), importance });
    ids.set(externalId, m.id);
  };

  async function spreads(): Promise<Record<string, number>> {
    const text = await (await fetch(`${stack.url}/metrics`)).text();
    const counts: Record<string, number> = {};
    for (const [, path, n] of text.matchAll(/^limbic_recall_spreads_total\{path="([a-z-]+)"[^}]*\} (\d+)/gm)) counts[path as string] = Number(n);
    return counts;
  }

  /** What the API holds for in-process spreading (limbic_spread_cache_held). */
  async function heldGraphs(): Promise<{ agents: number; edges: number }> {
    const text = await (await fetch(`${stack.url}/metrics`)).text();
    const value = (what: string) => Number(new RegExp(`^limbic_spread_cache_held\\{what="${what}"[^}]*\\} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    return { agents: value('agents'), edges: value('edges') };
  }

  /** Spreads over a held graph so far, exact or waiting for recall effects to be loaded. */
  const held = (counts: Record<string, number>) => (counts.cache ?? 0) + (counts['cache-lagging'] ?? 0);

  /** Recalls until one spread over the held graph (the first ones load it in the background). */
  async function recallOverHeldGraph() {
    for (let attempt = 0; attempt < 50; attempt++) {
      const before = held(await spreads());
      const r = await recall();
      if (held(await spreads()) > before) return r;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no recall spread over the held graph');
  }

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1 });
    await limbic().createAgent('sol');
    // More notes near the query than a recall pools (30 per index), so that memories sharing
    // nothing with it (kite, sunflowers) are pooled by neither index: only a walk can reach them.
    for (let i = 0; i < 40; i++) await encode(`f${i}`, `postgres replica note ${i}: reviewed failover schedule item ${i * 7}`, T0 + i * DAY, 0.1);
    await encode('outage', 'postgres primary outage; failover to replica took ninety minutes', T0 + 50 * DAY, 0.1);
    await encode('sunflowers', 'my daughter painted yellow sunflowers at school', T0 + 50 * DAY + 60_000, 1);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('spreads in-process once the graph is held, and reaches through it what the Cypher spread reaches', async () => {
    const held = await recallOverHeldGraph();
    const sun = held.items.find((i) => i.memory.externalId === 'sunflowers');
    expect(sun?.pass1Rank).toBeNull();
    expect(sun?.explanation?.activation?.path).toEqual([ids.get('outage'), ids.get('sunflowers')]);
    expect(sun?.explanation?.signals.resonance).toBeCloseTo(sun!.explanation!.activation!.activation, 12);
    // The same recall restricted to a filter every memory passes spreads in Cypher.
    const before = (await spreads()).cypher ?? 0;
    const cypher = await recall({ filter: { occurredAfter: new Date(T0 - DAY).toISOString() } });
    expect((await spreads()).cypher ?? 0).toBeGreaterThan(before);
    expect(cypher.items.find((i) => i.memory.externalId === 'sunflowers')?.explanation?.activation?.path).toEqual(sun?.explanation?.activation?.path);
  });

  it('sees a memory encoded into the chain at the very next recall, and after the reload', async () => {
    await recallOverHeldGraph();
    // Between the outage and the sunflowers: the temporal chain now runs outage → kite → sunflowers.
    await encode('kite', 'flying a red kite on the beach with grandpa', T0 + 50 * DAY + 30_000, 1);
    const next = await recall();
    const kite = next.items.find((i) => i.memory.externalId === 'kite');
    expect(kite?.pass1Rank).toBeNull();
    expect(kite?.explanation?.activation?.path).toEqual([ids.get('outage'), ids.get('kite')]);

    const reloaded = await recallOverHeldGraph();
    expect(reloaded.items.find((i) => i.memory.externalId === 'kite')?.explanation?.activation?.path).toEqual([ids.get('outage'), ids.get('kite')]);
  });

  it('no longer reaches a memory once it is archived, nor after it is deleted', async () => {
    // A day on, the agent has recovered from its encodes: no energy cut thins the answer.
    const rested = () => recall({ topK: 10, now: new Date(Date.now() + DAY).toISOString() });
    await recallOverHeldGraph();
    await limbic().forget(ids.get('kite')!);
    expect((await rested()).items.map((i) => i.memory.externalId)).not.toContain('kite');
    await limbic().restore(ids.get('kite')!);
    await recallOverHeldGraph();
    expect((await rested()).items.map((i) => i.memory.externalId)).toContain('kite');
    await limbic().forget(ids.get('kite')!, { hard: true });
    expect((await rested()).items.map((i) => i.memory.externalId)).not.toContain('kite');
  });

  it('keeps spreading over the held graph when the agent encodes between recalls: the API adds its own links', async () => {
    await recallOverHeldGraph();
    // A chat turn each: encode, then recall. Each memory lands between the outage and the
    // sunflowers, linked to the outage by the chain only in the copy the encode brought along.
    for (const [i, content] of ['a paper boat on the pond', 'grandma knitted a green scarf', 'the cat slept on the piano'].entries()) {
      // Each one earlier than the last, so that each comes right after the outage in the chain.
      await encode(`turn${i}`, content, T0 + 50 * DAY + 3_000 - i * 1_000, 1);
      const before = held(await spreads());
      const r = await recall({ topK: 10 });
      expect(held(await spreads())).toBe(before + 1);
      const turn = r.items.find((item) => item.memory.externalId === `turn${i}`);
      expect(turn?.pass1Rank).toBeNull();
      expect(turn?.explanation?.activation?.path).toEqual([ids.get('outage'), ids.get(`turn${i}`)]);
    }
  });

  it('lets the agent’s graph go when the agent is deleted', async () => {
    await recallOverHeldGraph();
    const before = await heldGraphs();
    expect(before.agents).toBeGreaterThanOrEqual(1);
    await limbic().deleteAgent('sol');
    const after = await heldGraphs();
    expect(after.agents).toBe(before.agents - 1);
    // Its chain alone is 40-odd links.
    expect(before.edges - after.edges).toBeGreaterThan(40);
  });
});

/**
 * An API whose recalls stop still lets go of what it holds: idle graphs are swept on a timer
 * (SpreadGraphCache, a quarter of LIMBIC_SPREAD_CACHE_IDLE_MS, at least 1 s), not only by the
 * next recall. Reading /metrics is no recall.
 */
describe('an API that recalls no more lets go of its idle graphs', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, env: { LIMBIC_SPREAD_CACHE_IDLE_MS: '2000' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function heldAgents(): Promise<number> {
    const text = await (await fetch(`${stack.url}/metrics`)).text();
    return Number(/^limbic_spread_cache_held\{what="agents"[^}]*\} (\d+)/m.exec(text)?.[1] ?? NaN);
  }

  it('holds the agent after its recalls, and holds nothing once it has been idle for the idle time', async () => {
    const limbic = stack.tenants[0]!.limbic;
    await limbic.createAgent('ivy');
    for (let i = 0; i < 5; i++) {
      await limbic.remember('ivy', { content: `sea kayak trip day ${i}: paddled along the cliffs`, occurredAt: new Date(T0 + i * DAY).toISOString() });
    }
    // The first recalls load the graph in the background.
    let held = 0;
    for (let attempt = 0; attempt < 50 && held === 0; attempt++) {
      await limbic.recall('ivy', 'kayak cliffs', { topK: 3 });
      held = await heldAgents();
      if (held === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(held).toBe(1);
    // No recall from here: idle 2 s, swept every 1 s.
    const deadline = Date.now() + 10_000;
    while ((await heldAgents()) !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await heldAgents()).toBe(0);
  });
});
