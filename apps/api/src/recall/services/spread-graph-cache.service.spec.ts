import { Logger } from '@nestjs/common';
import { loadConfig } from '@limbic/config';
import type { FanOutStep } from '@limbic/affect';
import type { AgentSpreadGraph, RecallRepository, SpreadGraphRevs } from '@limbic/graph';
import { recallSpreads, spreadCacheHeld } from '@limbic/observability';
import type { EncodeGraphChange } from './held-graph';
import { idleSweepMs, SpreadGraphCache } from './spread-graph-cache.service';

const T0 = Date.UTC(2026, 0, 1);
/** A refused load counts as 30 s; at the default reload share (0.05) the next try waits 10 min. */
const REFUSED_WAIT_MS = 600_000;

/** An edge as stored; `chain` marks a link of the temporal chain (false when left out). */
/** `rev`: the graph revision an encode made it at (0: made otherwise). */
type Edge = readonly [from: string, to: string, type: string, weight: number, chain?: boolean, rev?: number];

function revs(graph: number, effects = 0, incarnation = 'i1'): SpreadGraphRevs {
  return { incarnation, graph, effects };
}

/** A chain of `n` TEMPORAL chain links p0–p1–…–pn of weight 0.5, named with `prefix`. */
function chain(n: number, prefix = 'm'): Edge[] {
  return Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `${prefix}${i + 1}`, 'TEMPORAL', 0.5, true] as const);
}

/** An encode of agent incarnation `incarnation` from graph revision `fromRev` to `toRev`. */
function encodeChange(fromRev: number, toRev: number, part: Partial<EncodeGraphChange> = {}, incarnation = 'i1'): EncodeGraphChange {
  return { incarnation, fromRev, toRev, created: [], links: [], unchained: [], ...part };
}

/** Appends memory `id` to the chain after `last`: a new chain link of weight 0.5. */
function append(last: string, id: string): Partial<EncodeGraphChange> {
  return { created: [id], links: [{ from: last, to: id, type: 'TEMPORAL', weight: 0.5, chain: true }] };
}

/**
 * The repository's spread.load: answers from `db` (what the database holds per tenant and agent;
 * an Error makes the load fail) at most `maxEdges` edges, as the LIMIT does. The clock moves by
 * `loadMs` during a load; while `gate` is set, loads wait for it.
 */
class FakeRecalls {
  readonly calls: { tenantId: string; agentId: string; maxEdges: number }[] = [];
  readonly db = new Map<string, { revs: SpreadGraphRevs; edges: readonly Edge[]; revAfter: number } | Error>();
  gate: Promise<void> | null = null;
  loadMs = 0;

  constructor(private readonly clock: { now: number }) {}

  /** `revAfter`: the graph revision the load reads after the edges (greater: writes committed while it read them). */
  put(tenantId: string, agentId: string, at: SpreadGraphRevs, edges: readonly Edge[], revAfter = at.graph): void {
    this.db.set(`${tenantId}/${agentId}`, { revs: at, edges, revAfter });
  }

  async spreadGraph(tenantId: string, agentId: string, maxEdges: number): Promise<AgentSpreadGraph | null> {
    this.calls.push({ tenantId, agentId, maxEdges });
    const held = this.db.get(`${tenantId}/${agentId}`);
    if (this.gate) await this.gate;
    this.clock.now += this.loadMs;
    if (held instanceof Error) throw held;
    if (held === undefined) return null;
    const edges = held.edges.slice(0, maxEdges);
    return {
      revs: held.revs,
      revAfter: held.revAfter,
      edgeRevs: edges.map((e) => e[5] ?? 0),
      from: edges.map((e) => e[0]),
      to: edges.map((e) => e[1]),
      types: edges.map((e) => e[2]),
      weights: edges.map((e) => e[3]),
      chains: edges.map((e) => e[4] === true),
      gaps: edges.map((e) => (e[4] === true ? 60_000 : 0)),
    };
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
  // reload rate limit and effects lag are measured on it.
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

  it('serves the held table only at the exact incarnation, graph and effects revision it was loaded at', async () => {
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
    // The same table again (at() answers a fresh { revs, fanOut }: an entry's revision moves on applyEncode).
    const again = cache.at('t', 'a', revs(3, 7));
    expect(again?.revs).toEqual(revs(3, 7));
    expect(again?.fanOut).toBe(held?.fanOut);
    // An exact hit needs no reload.
    expect(fake.calls).toHaveLength(1);

    expect(cache.at('t', 'a', revs(2, 7))).toBeNull();
    expect(cache.at('t', 'a', revs(4, 7))).toBeNull();
    // A recall that read an older effects revision than the one held is not served either.
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

  it('serves a table behind on the worker’s effects only within the effects lag, and reloads it', async () => {
    const { fake, cache } = setup({ LIMBIC_SPREAD_EFFECTS_LAG_MS: '2000' });
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

  it('serves no table behind on the worker’s effects with no lag allowed', async () => {
    const { fake, cache } = setup({ LIMBIC_SPREAD_EFFECTS_LAG_MS: '0' });
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

    // Same revision numbers, and an effects revision within the lag: still another agent.
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

  /** The cache's gauge: agents and edges held. */
  async function heldGauge(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const v of (await spreadCacheHeld.get()).values) counts[String(v.labels.what)] = v.value;
    return counts;
  }

  describe('letting graphs go', () => {
    /** Puts each graph in the fake database and loads it into the cache. */
    async function holding(fake: FakeRecalls, cache: SpreadGraphCache, graphs: readonly [tenantId: string, agentId: string, at: SpreadGraphRevs, edges: readonly Edge[]][]): Promise<void> {
      for (const [tenantId, agentId, at, edges] of graphs) {
        fake.put(tenantId, agentId, at, edges);
        await cache.load(tenantId, agentId);
      }
    }

    it('forgets a deleted agent at once: no table, nothing counted, and its next load starts afresh', async () => {
      const { fake, cache } = setup();
      await holding(fake, cache, [
        ['t', 'a', revs(1), chain(3)],
        ['t', 'b', revs(1), chain(2)],
        ['u', 'a', revs(1), chain(1)],
      ]);
      expect(await heldGauge()).toEqual({ agents: 3, edges: 6 });

      cache.forget('t', 'a');
      expect(cache.holds('t', 'a')).toBe(false);
      expect(cache.at('t', 'a', revs(1))).toBeNull();
      expect(await heldGauge()).toEqual({ agents: 2, edges: 3 });
      // The other agent, and another tenant's agent of the same id, are untouched.
      expect(cache.at('t', 'b', revs(1))?.revs).toEqual(revs(1));
      expect(cache.at('u', 'a', revs(1))?.revs).toEqual(revs(1));
      // Its load history went with it: the miss above started a load at once (no reload wait).
      expect(fake.of('t', 'a')).toBe(2);
    });

    it('does not hold a load of the agent that was running when it was forgotten', async () => {
      const { fake, cache } = setup();
      fake.put('t', 'a', revs(1), chain(3));
      const open = gated(fake);
      const loading = cache.load('t', 'a');
      cache.forget('t', 'a');
      open();
      await loading;
      expect(cache.holds('t', 'a')).toBe(false);
      expect(await heldGauge()).toEqual({ agents: 0, edges: 0 });
      // Only that load: the next one is held.
      await cache.load('t', 'a');
      expect(cache.at('t', 'a', revs(1))?.revs).toEqual(revs(1));
    });

    it('discards only the load that was running: after one that failed, the next is held', async () => {
      const { fake, cache } = setup();
      fake.db.set('t/a', new Error('connection reset'));
      const open = gated(fake);
      const failing = cache.load('t', 'a');
      cache.forget('t', 'a');
      open();
      await expect(failing).rejects.toThrow('connection reset');
      fake.put('t', 'a', revs(1), chain(2));
      await cache.load('t', 'a');
      expect(cache.at('t', 'a', revs(1))?.revs).toEqual(revs(1));
    });

    it('lets go of a graph no recall or encode used for the idle time, keeping the ones in use', async () => {
      const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_IDLE_MS: '60000' });
      await holding(fake, cache, [
        ['t', 'idle', revs(1), chain(4)],
        ['t', 'used', revs(1), chain(2)],
        ['t', 'encoded', revs(3), chain(3)],
      ]);
      clock.now = T0 + 40_000;
      expect(cache.at('t', 'used', revs(1))).not.toBeNull();
      cache.applyEncode('t', 'encoded', encodeChange(3, 4, append('m3', 'n1')));

      clock.now = T0 + 60_000;
      // Any recall lets the idle ones go first; 'idle' was last used at its load (T0).
      expect(cache.at('t', 'used', revs(1))).not.toBeNull();
      expect(cache.holds('t', 'idle')).toBe(false);
      expect(cache.holds('t', 'encoded')).toBe(true);
      expect(await heldGauge()).toEqual({ agents: 2, edges: 6 });
      // A recall of the idle agent spreads in Cypher and loads it again in the background.
      expect(cache.at('t', 'idle', revs(1))).toBeNull();
      await settle();
      expect(cache.at('t', 'idle', revs(1))?.revs).toEqual(revs(1));
    });

    it('sweeps idle graphs on a timer once started, so a process whose recalls stopped lets go of them too', async () => {
      jest.useFakeTimers({ doNotFake: ['Date', 'performance', 'nextTick', 'setImmediate', 'queueMicrotask'] });
      try {
        const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_IDLE_MS: '60000' });
        await holding(fake, cache, [['t', 'a', revs(1), chain(3)]]);
        cache.onModuleInit();
        clock.now = T0 + 60_000;
        // No recall, no encode: only the sweep (every 15 s for an idle time of 60 s) can let it go.
        expect(cache.holds('t', 'a')).toBe(true);
        jest.advanceTimersByTime(idleSweepMs(60_000));
        expect(cache.holds('t', 'a')).toBe(false);
        expect(await heldGauge()).toEqual({ agents: 0, edges: 0 });
        cache.onModuleDestroy();
        expect(jest.getTimerCount()).toBe(0);
      } finally {
        jest.useRealTimers();
      }
    });

    it('sweeps every quarter of the idle time, between 1 s and 1 min; not at all with an idle time of 0', () => {
      expect([idleSweepMs(60_000), idleSweepMs(1_800_000), idleSweepMs(2_000)]).toEqual([15_000, 60_000, 1_000]);
      jest.useFakeTimers({ doNotFake: ['Date', 'performance'] });
      try {
        const { cache } = setup({ LIMBIC_SPREAD_CACHE_IDLE_MS: '0' });
        cache.onModuleInit();
        expect(jest.getTimerCount()).toBe(0);
      } finally {
        jest.useRealTimers();
      }
    });

    it('keeps idle graphs with an idle time of 0', async () => {
      const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_IDLE_MS: '0' });
      fake.put('t', 'a', revs(1), chain(2));
      fake.put('t', 'b', revs(1), chain(2));
      await cache.load('t', 'a');
      clock.now = T0 + 86_400_000;
      await cache.load('t', 'b');
      expect(cache.at('t', 'b', revs(1))).not.toBeNull();
      expect(cache.at('t', 'a', revs(1))?.revs).toEqual(revs(1));
    });
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

  describe('applyEncode', () => {
    /** Agent t/a held at revisions 3/7: the chain m0 → m1 → m2 (chain links of weight 0.5). */
    async function held(env: Record<string, string> = {}) {
      const { fake, cache } = setup(env);
      fake.put('t', 'a', revs(3, 7), chain(2));
      await cache.load('t', 'a');
      const table = cache.at('t', 'a', revs(3, 7));
      expect(table?.fanOut.get('m2')).toEqual([{ to: 'm1', type: 'TEMPORAL', strength: 0.5 }]);
      return { fake, cache, table };
    }

    /** at() must have done nothing to the table: no new memory, m2 as loaded. */
    function expectAsLoaded(fanOut: ReadonlyMap<string, readonly FanOutStep[]> | undefined): void {
      expect([...(fanOut?.keys() ?? [])].sort()).toEqual(['m0', 'm1', 'm2']);
      expect(fanOut?.get('m1')).toEqual([
        { to: 'm0', type: 'TEMPORAL', strength: 0.5 },
        { to: 'm2', type: 'TEMPORAL', strength: 0.5 },
      ]);
    }

    it('moves a held entry from the encode’s revision to its own, served exactly with its links', async () => {
      const { fake, cache } = await held();
      // A memory put between m1 and m2 (its chain link replaces m1 → m2), and one more with a SEMANTIC link to m0.
      cache.applyEncode(
        't',
        'a',
        encodeChange(3, 4, {
          created: ['n1', 'n2'],
          unchained: [{ from: 'm1', to: 'm2' }],
          links: [
            { from: 'm1', to: 'n1', type: 'TEMPORAL', weight: 0.5, chain: true },
            { from: 'n1', to: 'm2', type: 'TEMPORAL', weight: 0.5, chain: true },
            { from: 'n2', to: 'm0', type: 'SEMANTIC', weight: 0.8, chain: false },
          ],
        }),
      );
      const before = await spreadCounts();
      const moved = cache.at('t', 'a', revs(4, 7));
      const after = await spreadCounts();
      expect(moved?.revs).toEqual(revs(4, 7));
      expect((after.cache ?? 0) - (before.cache ?? 0)).toBe(1);
      expect((after.cypher ?? 0) - (before.cypher ?? 0)).toBe(0);
      expect(moved?.fanOut.get('n1')).toEqual([
        { to: 'm1', type: 'TEMPORAL', strength: 0.5 },
        { to: 'm2', type: 'TEMPORAL', strength: 0.5 },
      ]);
      expect(moved?.fanOut.get('m1')).toEqual([
        { to: 'm0', type: 'TEMPORAL', strength: 0.5 },
        { to: 'n1', type: 'TEMPORAL', strength: 0.5 },
      ]);
      expect(moved?.fanOut.get('m2')).toEqual([{ to: 'n1', type: 'TEMPORAL', strength: 0.5 }]);
      // SEMANTIC at DESIGN's factor 0.5.
      expect(moved?.fanOut.get('n2')).toEqual([{ to: 'm0', type: 'SEMANTIC', strength: 0.4 }]);
      expect(moved?.fanOut.get('m0')).toEqual([
        { to: 'm1', type: 'TEMPORAL', strength: 0.5 },
        { to: 'n2', type: 'SEMANTIC', strength: 0.4 },
      ]);
      // Served without a reload; a recall that read the older revision takes the Cypher spread, and starts no load either.
      expect(cache.at('t', 'a', revs(3, 7))).toBeNull();
      await settle();
      expect(fake.calls).toHaveLength(1);

      // Encodes one after the other: each moves it on.
      cache.applyEncode('t', 'a', encodeChange(4, 5, append('m2', 'n3')));
      cache.applyEncode('t', 'a', encodeChange(5, 6, append('n3', 'n4')));
      expect(cache.at('t', 'a', revs(6, 7))?.fanOut.get('n3')).toEqual([
        { to: 'm2', type: 'TEMPORAL', strength: 0.5 },
        { to: 'n4', type: 'TEMPORAL', strength: 0.5 },
      ]);
      expect(fake.calls).toHaveLength(1);
    });

    /**
     * The worker's effects moved on (7 → 9), so a recall starts a reload of what `edges` and
     * `revAfter` say the database holds; while it waits at the gate this API commits the encode
     * 3 → 4 (appending n1 after m2) and applies it to the entry it holds; then the load ends.
     */
    async function reloadOverlappingEncode(edges: readonly Edge[], revAfter: number) {
      const { fake, cache } = await held();
      fake.put('t', 'a', revs(3, 9), edges, revAfter);
      const open = gated(fake);
      cache.at('t', 'a', revs(3, 9));
      await settle();
      cache.applyEncode('t', 'a', encodeChange(3, 4, append('m2', 'n1')));
      open();
      await settle();
      await settle();
      return cache;
    }

    it('brings a load that began before an encode up to it: the journalled encode is added, the effects are the load’s', async () => {
      // The load read revision 3 exactly; the journalled encode takes it to 4: exact at 4/9.
      const cache = await reloadOverlappingEncode(chain(2), 3);
      const served = cache.at('t', 'a', revs(4, 9));
      expect(served?.revs).toEqual(revs(4, 9));
      expect(served?.fanOut.get('n1')).toEqual([{ to: 'm2', type: 'TEMPORAL', strength: 0.5 }]);
    });

    it('leaves out the edges of an encode that overlapped the load and adds them from the journal, once', async () => {
      // The encode 3 → 4 committed while the edges were read: its link is in them (made at revision 4).
      const cache = await reloadOverlappingEncode([...chain(2), ['m2', 'n1', 'TEMPORAL', 0.5, true, 4]], 4);
      const served = cache.at('t', 'a', revs(4, 9));
      expect(served?.revs).toEqual(revs(4, 9));
      expect(served?.fanOut.get('n1')).toEqual([{ to: 'm2', type: 'TEMPORAL', strength: 0.5 }]);
    });

    it('does not hold a load that overlapped a graph write this API did not journal, and keeps the entry it had', async () => {
      // Revision 5 (someone else's write) committed while the edges were read; only 3 → 4 is journalled.
      const cache = await reloadOverlappingEncode([...chain(2), ['m2', 'n1', 'TEMPORAL', 0.5, true, 4]], 5);
      expect(cache.at('t', 'a', revs(4, 7))?.revs).toEqual(revs(4, 7));
      expect(cache.at('t', 'a', revs(5, 9))).toBeNull();
    });

    it('keeps the entry’s effects revision and load time: a later effects revision is served within the lag only', async () => {
      const { fake, cache } = await held({ LIMBIC_SPREAD_EFFECTS_LAG_MS: '2000' });
      clock.now = T0 + 1500;
      cache.applyEncode('t', 'a', encodeChange(3, 4, append('m2', 'n1')));
      expect(cache.at('t', 'a', revs(4, 8))?.revs).toEqual(revs(4, 7));
      clock.now = T0 + 2001;
      const open = gated(fake);
      expect(cache.at('t', 'a', revs(4, 8))).toBeNull();
      open();
    });

    it('does nothing to the entry of another incarnation of the agent', async () => {
      const { fake, cache, table } = await held();
      cache.applyEncode('t', 'a', encodeChange(3, 4, append('m2', 'n1'), 'i2'));
      expectAsLoaded(table?.fanOut);
      expect(cache.at('t', 'a', revs(3, 7))?.revs).toEqual(revs(3, 7));
      expect(fake.calls).toHaveLength(1);
      const open = gated(fake);
      expect(cache.at('t', 'a', revs(4, 7))).toBeNull();
      expect(cache.at('t', 'a', revs(4, 7, 'i2'))).toBeNull();
      open();
    });

    it.each([
      ['behind the encode’s revision', 4, 5],
      ['ahead of the encode’s revision', 2, 3],
      ['ahead of the encode’s revision, at its target', 1, 2],
    ])('does nothing to an entry %s', async (_name, fromRev, toRev) => {
      const { fake, cache, table } = await held();
      cache.applyEncode('t', 'a', encodeChange(fromRev, toRev, append('m2', 'n1')));
      expectAsLoaded(table?.fanOut);
      expect(cache.at('t', 'a', revs(3, 7))?.revs).toEqual(revs(3, 7));
      expect(fake.calls).toHaveLength(1);
      if (toRev > 3) {
        const open = gated(fake);
        expect(cache.at('t', 'a', revs(toRev, 7))).toBeNull();
        expect(fake.calls).toHaveLength(2);
        open();
      }
    });

    it('does nothing for an agent it does not hold, nor for the held one', async () => {
      const { fake, cache, table } = await held();
      cache.applyEncode('t', 'b', encodeChange(3, 4, append('m2', 'n1')));
      cache.applyEncode('u', 'a', encodeChange(3, 4, append('m2', 'n1')));
      expect(fake.calls).toHaveLength(1);
      expectAsLoaded(table?.fanOut);
      expect(cache.at('t', 'a', revs(3, 7))).not.toBeNull();
      fake.put('t', 'b', revs(4, 0), chain(1, 'b'));
      expect(cache.at('t', 'b', revs(4, 0))).toBeNull();
      expect(fake.of('t', 'b')).toBe(1);
      await settle();
      expect([...(cache.at('t', 'b', revs(4, 0))?.fanOut.keys() ?? [])].sort()).toEqual(['b0', 'b1']);
    });

    it('leaves the entry at its revision when the held graph cannot take the change: the new revision misses and reloads', async () => {
      const { fake, cache, table } = await held();
      // n1 links to a memory the copy has no edge of (archived, or an edge not loaded): only a reload can say.
      cache.applyEncode(
        't',
        'a',
        encodeChange(3, 4, {
          created: ['n1'],
          unchained: [{ from: 'm1', to: 'm2' }],
          links: [
            { from: 'm1', to: 'n1', type: 'TEMPORAL', weight: 0.5, chain: true },
            { from: 'n1', to: 'x9', type: 'SEMANTIC', weight: 0.9, chain: false },
          ],
        }),
      );
      expectAsLoaded(table?.fanOut);
      expect(cache.at('t', 'a', revs(3, 7))?.revs).toEqual(revs(3, 7));
      expect(fake.calls).toHaveLength(1);

      fake.put('t', 'a', revs(4, 7), [['m0', 'm1', 'TEMPORAL', 0.5, true], ['m1', 'n1', 'TEMPORAL', 0.5, true], ['n1', 'x9', 'SEMANTIC', 0.9]]);
      const before = await spreadCounts();
      expect(cache.at('t', 'a', revs(4, 7))).toBeNull();
      const after = await spreadCounts();
      expect((after.cypher ?? 0) - (before.cypher ?? 0)).toBe(1);
      expect((after.cache ?? 0) - (before.cache ?? 0)).toBe(0);
      expect(fake.calls).toHaveLength(2);
      await settle();
      const reloaded = cache.at('t', 'a', revs(4, 7));
      expect(reloaded?.fanOut.get('n1')).toEqual([
        { to: 'm1', type: 'TEMPORAL', strength: 0.5 },
        { to: 'x9', type: 'SEMANTIC', strength: 0.45 },
      ]);
      expect(reloaded?.fanOut.has('m2')).toBe(false);
    });

    it('keeps to the edge budget when an encode grows an entry, evicting the least recently used agents', async () => {
      const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_EDGES: '5' });
      fake.put('t', 'a', revs(1), chain(2, 'a'));
      fake.put('t', 'b', revs(1), chain(2, 'b'));
      await cache.load('t', 'a');
      await cache.load('t', 'b');
      // A recall of a makes b the least recently used; 4 edges held.
      expect(cache.at('t', 'a', revs(1))).not.toBeNull();

      // Within the budget: 5 edges.
      cache.applyEncode('t', 'a', encodeChange(1, 2, append('a2', 'a3')));
      expect(cache.at('t', 'b', revs(1))).not.toBeNull();
      expect(cache.at('t', 'a', revs(2))).not.toBeNull();
      // Beyond it: a's 4 edges and b's 2. b goes.
      cache.applyEncode('t', 'a', encodeChange(2, 3, append('a3', 'a4')));
      expect(cache.at('t', 'a', revs(3))?.fanOut.get('a4')).toEqual([{ to: 'a3', type: 'TEMPORAL', strength: 0.5 }]);
      expect(fake.calls).toHaveLength(2);
      const open = gated(fake);
      expect(cache.at('t', 'b', revs(1))).toBeNull();
      expect(fake.of('t', 'b')).toBe(2);

      // b back (2 edges): a's 4 edges are counted, so a, now the least recently used, goes.
      open();
      await settle();
      expect(cache.at('t', 'b', revs(1))).not.toBeNull();
      fake.put('t', 'a', revs(3), chain(4, 'a'));
      expect(cache.at('t', 'a', revs(3))).toBeNull();
      expect(fake.of('t', 'a')).toBe(2);
    });

    it('counts the edges an encode unchained out of the budget', async () => {
      const { fake, cache } = setup({ LIMBIC_SPREAD_CACHE_EDGES: '5' });
      fake.put('t', 'a', revs(1), chain(3, 'a'));
      fake.put('t', 'b', revs(1), chain(2, 'b'));
      await cache.load('t', 'a');
      await cache.load('t', 'b');
      // Two chain links replaced by one: a holds 2 edges, 4 in all, so c's 1 fits without evicting.
      cache.applyEncode('t', 'a', encodeChange(1, 2, { unchained: [{ from: 'a1', to: 'a2' }, { from: 'a2', to: 'a3' }], links: [{ from: 'a1', to: 'a3', type: 'TEMPORAL', weight: 0.5, chain: true }] }));
      fake.put('t', 'c', revs(1), chain(1, 'c'));
      await cache.load('t', 'c');
      expect(cache.at('t', 'a', revs(2))?.fanOut.has('a2')).toBe(false);
      expect(cache.at('t', 'b', revs(1))).not.toBeNull();
      expect(cache.at('t', 'c', revs(1))).not.toBeNull();
      expect(fake.calls).toHaveLength(3);
    });
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
