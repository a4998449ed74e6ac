import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import type { AgentSpreadGraph, RecallRepository, SpreadGraphRevs } from '@limbic/graph';
import { recallSpreads } from '@limbic/observability';
import { SpreadGraphCache } from './spread-graph-cache.service';

const T0 = Date.UTC(2026, 0, 1);
/** A refused load counts as 30 s; at the default reload share (0.05) the next try waits 10 min. */
const REFUSED_WAIT_MS = 600_000;

type Edge = readonly [from: string, to: string, type: string, weight: number];

function revs(graph: number, learn = 0, incarnation = 'i1'): SpreadGraphRevs {
  return { incarnation, graph, learn };
}

/** A chain of `n` TEMPORAL edges p0–p1–…–pn of weight 0.5, named with `prefix`. */
function chain(n: number, prefix = 'm'): Edge[] {
  return Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `${prefix}${i + 1}`, 'TEMPORAL', 0.5] as const);
}

/**
 * The repository's spread.load: answers from `db` (what the database holds per tenant and agent;
 * an Error makes the load fail) at most `maxEdges` edges, as the LIMIT does. The clock moves by
 * `loadMs` during a load; while `gate` is set, loads wait for it.
 */
class FakeRecalls {
  readonly calls: { tenantId: string; agentId: string; maxEdges: number }[] = [];
  readonly db = new Map<string, { revs: SpreadGraphRevs; edges: readonly Edge[] } | Error>();
  gate: Promise<void> | null = null;
  loadMs = 0;

  constructor(private readonly clock: { now: number }) {}

  put(tenantId: string, agentId: string, at: SpreadGraphRevs, edges: readonly Edge[]): void {
    this.db.set(`${tenantId}/${agentId}`, { revs: at, edges });
  }

  async spreadGraph(tenantId: string, agentId: string, maxEdges: number): Promise<AgentSpreadGraph | null> {
    this.calls.push({ tenantId, agentId, maxEdges });
    const held = this.db.get(`${tenantId}/${agentId}`);
    if (this.gate) await this.gate;
    this.clock.now += this.loadMs;
    if (held instanceof Error) throw held;
    if (held === undefined) return null;
    const edges = held.edges.slice(0, maxEdges);
    return { revs: held.revs, from: edges.map((e) => e[0]), to: edges.map((e) => e[1]), types: edges.map((e) => e[2]), weights: edges.map((e) => e[3]) };
  }

  /** Loads started for one agent. */
  of(tenantId: string, agentId: string): number {
    return this.calls.filter((c) => c.tenantId === tenantId && c.agentId === agentId).length;
  }
}

/** Lets background loads (promises only) run to their end. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function gated(fake: FakeRecalls): () => void {
  let open = (): void => undefined;
  fake.gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    fake.gate = null;
    open();
  };
}

async function spreadCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const v of (await recallSpreads.get()).values) counts[String(v.labels.path)] = v.value;
  return counts;
}

describe('SpreadGraphCache', () => {
  // Date.now and performance.now on one controlled clock: loads take `loadMs` of it, and the
  // reload rate limit and learn lag are measured on it.
  const clock = { now: T0 };
  let warn: jest.SpyInstance;

  beforeEach(() => {
    clock.now = T0;
    jest.spyOn(Date, 'now').mockImplementation(() => clock.now);
    jest.spyOn(performance, 'now').mockImplementation(() => clock.now);
    jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  // Loads a test left running end on the fake clock and quiet logger.
  afterEach(async () => {
    await settle();
    jest.restoreAllMocks();
  });

  function setup(env: Record<string, string> = {}) {
    const fake = new FakeRecalls(clock);
    const cache = new SpreadGraphCache(loadConfig(env), fake as unknown as RecallRepository);
    return { fake, cache };
  }

  it('serves the held table only at the exact incarnation, graph and learn revision it was loaded at', async () => {
    const { fake, cache } = setup();
    fake.put('t', 'a', revs(3, 7), [['m1', 'm2', 'TEMPORAL', 0.8], ['m2', 'm3', 'SEMANTIC', 0.6]]);
    await cache.load('t', 'a');

    const held = cache.at('t', 'a', revs(3, 7));
    expect(held?.revs).toEqual(revs(3, 7));
    // Both directions, strength = weight × DESIGN's type factor (SEMANTIC 0.5).
    expect(held?.fanOut.get('m2')).toEqual([
      { to: 'm1', type: 'TEMPORAL', strength: 0.8 },
      { to: 'm3', type: 'SEMANTIC', strength: 0.3 },
    ]);
    expect(cache.at('t', 'a', revs(3, 7))).toBe(held);
    // An exact hit needs no reload.
    expect(fake.calls).toHaveLength(1);

    expect(cache.at('t', 'a', revs(2, 7))).toBeNull();
    expect(cache.at('t', 'a', revs(4, 7))).toBeNull();
    // A recall that read an older learn revision than the one held is not served either.
    expect(cache.at('t', 'a', revs(3, 6))).toBeNull();
  });

  it('misses on a newer graph revision and loads it once in the background, however many recalls miss meanwhile', async () => {
    const { fake, cache } = setup();
    fake.put('t', 'a', revs(1), chain(2));
    await cache.load('t', 'a');
    fake.put('t', 'a', revs(2), chain(3));

    const open = gated(fake);
    expect(cache.at('t', 'a', revs(2))).toBeNull();
    expect(cache.at('t', 'a', revs(2))).toBeNull();
    expect(cache.at('t', 'a', revs(2))).toBeNull();
    // load() joins the background load rather than starting one of its own.
    const joined = cache.load('t', 'a');
    expect(fake.calls).toHaveLength(2);
    // The graph being reloaded still serves recalls at its own revision.
    expect(cache.at('t', 'a', revs(1))?.revs).toEqual(revs(1));
    open();
    await joined;
    expect(fake.calls).toHaveLength(2);

    const fresh = cache.at('t', 'a', revs(2));
    expect(fresh?.revs).toEqual(revs(2));
    expect(fresh?.fanOut.get('m3')).toEqual([{ to: 'm2', type: 'TEMPORAL', strength: 0.5 }]);
    expect(cache.at('t', 'a', revs(1))).toBeNull();
  });

  it('starts one load on the first miss of an agent it never held', async () => {
    const { fake, cache } = setup();
    fake.put('t', 'a', revs(1), chain(1));
    expect(cache.at('t', 'a', revs(1))).toBeNull();
    expect(cache.at('t', 'a', revs(1))).toBeNull();
    // One more than the budget is asked for, so that a graph too large to hold is seen as such.
    expect(fake.calls).toEqual([{ tenantId: 't', agentId: 'a', maxEdges: 2_000_001 }]);
    await settle();
    expect(cache.at('t', 'a', revs(1))?.revs).toEqual(revs(1));
  });

  it('serves a table behind on learned weights only within the learn lag, and reloads it', async () => {
    const { fake, cache } = setup({ LIMBIC_SPREAD_LEARN_LAG_MS: '2000' });
    fake.put('t', 'a', revs(1, 1), chain(2));
    await cache.load('t', 'a');
    fake.put('t', 'a', revs(1, 2), chain(2));

    const open = gated(fake);
    clock.now = T0 + 2000;
    const lagging = cache.at('t', 'a', revs(1, 2));
    expect(lagging?.revs).toEqual(revs(1, 1));
    expect(fake.calls).toHaveLength(2);
    // The lag counts from when the held table's revisions were read, not from the last use.
    clock.now = T0 + 2001;
    expect(cache.at('t', 'a', revs(1, 2))).toBeNull();
    expect(fake.calls).toHaveLength(2);

    open();
    await settle();
    expect(cache.at('t', 'a', revs(1, 2))?.revs).toEqual(revs(1, 2));
  });

  it('serves no table behind on learned weights with no lag allowed', async () => {
    const { fake, cache } = setup({ LIMBIC_SPREAD_LEARN_LAG_MS: '0' });
    fake.put('t', 'a', revs(1, 1), chain(2));
    await cache.load('t', 'a');
    clock.now += 1;
    expect(cache.at('t', 'a', revs(1, 2))).toBeNull();
    expect(cache.at('t', 'a', revs(1, 1))?.revs).toEqual(revs(1, 1));
  });

  it('counts each recall by where its spread runs', async () => {
    const { fake, cache } = setup();
    fake.put('t', 'a', revs(1, 1), chain(2));
    await cache.load('t', 'a');
    const before = await spreadCounts();
    cache.at('t', 'a', revs(1, 1));
    cache.at('t', 'a', revs(1, 2));
    cache.at('t', 'a', revs(2, 2));
    cache.bypassed();
    const after = await spreadCounts();
    const delta = (path: string): number => (after[path] ?? 0) - (before[path] ?? 0);
    expect([delta('cache'), delta('cache-lagging'), delta('cypher')]).toEqual([1, 1, 2]);
  });

  it('does not serve the table of an agent deleted and created again under the same id', async () => {
    const { fake, cache } = setup();
    fake.put('t', 'a', revs(4, 2, 'first'), chain(2));
    await cache.load('t', 'a');
    fake.put('t', 'a', revs(4, 2, 'second'), [['x1', 'x2', 'CAUSAL', 0.9]]);

    // Same revision numbers, and a learn revision within the lag: still another agent.
    expect(cache.at('t', 'a', revs(4, 2, 'second'))).toBeNull();
    expect(cache.at('t', 'a', revs(4, 3, 'second'))).toBeNull();
    await settle();
    const held = cache.at('t', 'a', revs(4, 2, 'second'));
    expect([...(held?.fanOut.keys() ?? [])].sort()).toEqual(['x1', 'x2']);
    expect(cache.at('t', 'a', revs(4, 2, 'first'))).toBeNull();
  });

  it('never serves one tenant the table of another tenant’s agent of the same id', async () => {
    const { fake, cache } = setup();
    fake.put('acme', 'a', revs(1), chain(2, 'acme'));
    fake.put('beta', 'a', revs(1), chain(2, 'beta'));
    // Ids that a plain "tenant:agent" key would mix up.
    fake.put('x:y', 'z', revs(1), chain(1, 'xy'));
    fake.put('x', 'y:z', revs(1), chain(1, 'x'));
    await cache.load('acme', 'a');
    await cache.load('x:y', 'z');

    expect(cache.at('beta', 'a', revs(1))).toBeNull();
    expect(cache.at('x', 'y:z', revs(1))).toBeNull();
    expect(fake.calls.slice(2).map((c) => [c.tenantId, c.agentId])).toEqual([['beta', 'a'], ['x', 'y:z']]);
    await settle();

    expect([...(cache.at('acme', 'a', revs(1))?.fanOut.keys() ?? [])].sort()).toEqual(['acme0', 'acme1', 'acme2']);
    expect([...(cache.at('beta', 'a', revs(1))?.fanOut.keys() ?? [])].sort()).toEqual(['beta0', 'beta1', 'beta2']);
    expect([...(cache.at('x:y', 'z', revs(1))?.fanOut.keys() ?? [])].sort()).toEqual(['xy0', 'xy1']);
    expect([...(cache.at('x', 'y:z', revs(1))?.fanOut.keys() ?? [])].sort()).toEqual(['x0', 'x1']);
  });

  it('evicts the least recently used agents beyond the edge budget', async () => {
    const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_EDGES: '5' });
    for (const agent of ['a', 'b', 'c']) fake.put('t', agent, revs(1), chain(2, agent));
    await cache.load('t', 'a');
    await cache.load('t', 'b');
    // A recall of a makes b the least recently used.
    expect(cache.at('t', 'a', revs(1))).not.toBeNull();
    await cache.load('t', 'c');

    expect(cache.at('t', 'a', revs(1))).not.toBeNull();
    expect(cache.at('t', 'c', revs(1))).not.toBeNull();
    expect(fake.calls).toHaveLength(3);
    expect(cache.at('t', 'b', revs(1))).toBeNull();
    expect(fake.of('t', 'b')).toBe(2);
  });

  it('does not hold a graph larger than the budget, nor drop others for it, nor retry it soon', async () => {
    const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_EDGES: '5' });
    fake.put('t', 'small', revs(1), chain(5, 's'));
    fake.put('t', 'large', revs(1), chain(6, 'l'));
    await cache.load('t', 'small');
    await cache.load('t', 'large');
    expect(fake.calls.map((c) => c.maxEdges)).toEqual([6, 6]);

    expect(cache.at('t', 'large', revs(1))).toBeNull();
    expect(cache.at('t', 'small', revs(1))).not.toBeNull();
    clock.now += REFUSED_WAIT_MS - 1;
    expect(cache.at('t', 'large', revs(1))).toBeNull();
    expect(fake.of('t', 'large')).toBe(1);
    clock.now += 1;
    expect(cache.at('t', 'large', revs(1))).toBeNull();
    expect(fake.of('t', 'large')).toBe(2);
  });

  it('drops a held agent whose reload finds it gone', async () => {
    const { fake, cache } = setup();
    fake.put('t', 'a', revs(1), chain(2));
    await cache.load('t', 'a');
    fake.db.delete('t/a');
    expect(cache.at('t', 'a', revs(2))).toBeNull();
    await settle();
    expect(cache.at('t', 'a', revs(1))).toBeNull();
  });

  it('keeps a failed load inside at(), and does not try it again on the next miss', async () => {
    const { fake, cache } = setup();
    fake.db.set('t/a', new Error('connection reset'));
    expect(() => cache.at('t', 'a', revs(1))).not.toThrow();
    await settle();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('connection reset'));
    expect(fake.calls).toHaveLength(1);

    expect(cache.at('t', 'a', revs(1))).toBeNull();
    clock.now += REFUSED_WAIT_MS - 1;
    expect(cache.at('t', 'a', revs(1))).toBeNull();
    expect(fake.calls).toHaveLength(1);

    // Tried again after the wait, and held once the database answers.
    fake.put('t', 'a', revs(1), chain(1));
    clock.now += 1;
    expect(cache.at('t', 'a', revs(1))).toBeNull();
    expect(fake.calls).toHaveLength(2);
    await settle();
    expect(cache.at('t', 'a', revs(1))?.revs).toEqual(revs(1));
  });

  it('rejects a load() that fails, and forgets it so that a later load runs', async () => {
    const { fake, cache } = setup();
    fake.db.set('t/a', new Error('timeout'));
    await expect(cache.load('t', 'a')).rejects.toThrow('timeout');
    fake.put('t', 'a', revs(1), chain(1));
    await cache.load('t', 'a');
    expect(fake.calls).toHaveLength(2);
    expect(cache.at('t', 'a', revs(1))).not.toBeNull();
  });

  it('reloads an agent no more often than its reload share of the time its last load took', async () => {
    const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_RELOAD_SHARE: '0.5' });
    fake.loadMs = 100;
    fake.put('t', 'a', revs(1), chain(2));
    await cache.load('t', 'a');
    fake.put('t', 'a', revs(2), chain(2));

    // The last load began at T0 and took 100 ms: the next may begin at T0 + 200 ms.
    clock.now = T0 + 199;
    expect(cache.at('t', 'a', revs(2))).toBeNull();
    expect(fake.calls).toHaveLength(1);
    clock.now = T0 + 200;
    expect(cache.at('t', 'a', revs(2))).toBeNull();
    expect(fake.calls).toHaveLength(2);
    await settle();
    expect(cache.at('t', 'a', revs(2))).not.toBeNull();
  });

  it('is off with an edge budget of 0: never loads, never serves', async () => {
    const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_EDGES: '0' });
    fake.put('t', 'a', revs(1), chain(2));
    expect(cache.at('t', 'a', revs(1))).toBeNull();
    expect(cache.at('t', 'a', revs(1))).toBeNull();
    await settle();
    expect(cache.at('t', 'a', revs(1))).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});
