import { buildFanOut, EDGE_TYPES, normaliseSpreadOptions, type EdgeType, type FanOutStep, type SpreadEdge, type SpreadOptions } from '@limbic/affect';
import type { AgentSpreadGraph } from '@limbic/graph';
import { HeldGraph, type EncodeGraphChange } from './held-graph';
import { CACHED_SPREAD_OPTIONS } from './spread-graph-cache.service';
import { rng } from '../../../../../bench/common/rng';

/** An edge as the test keeps it, independently of HeldGraph: stored direction a → b. */
interface ModelEdge extends SpreadEdge {
  readonly chain: boolean;
}

type Link = EncodeGraphChange['links'][number];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)] as T;
}

/** Few distinct values, so that ties are common; some out of [0, 1] (clamped), some 0. */
const WEIGHTS = [0, 0.25, 0.5, 0.5, 0.8, 1, 1.3, -0.2];

/** Option sets: DESIGN's (as cached); one with a type of factor 0 and one without factor, and a tight fan-out bound. */
const OPTION_SETS: readonly SpreadOptions[] = [
  CACHED_SPREAD_OPTIONS,
  normaliseSpreadOptions({ typeFactors: { TEMPORAL: 1, SEMANTIC: 0.5, EMOTIONAL: 0.5, CAUSAL: 0 }, maxFanOut: 2 }),
  normaliseSpreadOptions({ typeFactors: { TEMPORAL: 0.5, CONTRASTIVE: 1.5, SEMANTIC: 0.25 }, maxFanOut: 3 }),
];

function toAgentGraph(edges: readonly ModelEdge[]): AgentSpreadGraph {
  return {
    revs: { incarnation: 'i1', graph: 1, effects: 0 },
    revAfter: 1,
    edgeRevs: edges.map(() => 0),
    from: edges.map((e) => e.a),
    to: edges.map((e) => e.b),
    types: edges.map((e) => e.type),
    weights: edges.map((e) => e.weight),
    chains: edges.map((e) => e.chain),
    gaps: edges.map((e) => (e.chain ? 60_000 : 0)),
  };
}

/** A fan-out table as a plain object, node by node. */
function plain(fanOut: ReadonlyMap<string, readonly FanOutStep[]>): Record<string, FanOutStep[]> {
  return Object.fromEntries([...fanOut].map(([id, steps]) => [id, steps.map((s) => ({ ...s }))]));
}

/** buildFanOut from scratch over the edges, every endpoint a node. */
function expectedFanOut(edges: readonly ModelEdge[], options: SpreadOptions): Record<string, FanOutStep[]> {
  const nodes = [...new Set(edges.flatMap((e) => [e.a, e.b]))];
  return plain(buildFanOut({ nodes, edges: edges.map(({ a, b, type, weight }) => ({ a, b, type, weight })) }, options));
}

/** Edges the copy holds: self-loops are never walked, so never held. */
function heldCount(edges: readonly ModelEdge[]): number {
  return edges.filter((e) => e.a !== e.b).length;
}

/** Memories the copy can tell are live: an endpoint of an edge it holds. */
function liveIn(edges: readonly ModelEdge[]): Set<string> {
  const live = new Set<string>();
  for (const e of edges) if (e.a !== e.b) live.add(e.a).add(e.b);
  return live;
}

/** Encode's unchain, kept by the test: only TEMPORAL chain links, in the stored direction. */
function unchain(edges: readonly ModelEdge[], pairs: EncodeGraphChange['unchained']): ModelEdge[] {
  return edges.filter((e) => !(e.type === 'TEMPORAL' && e.chain && pairs.some((p) => p.from === e.a && p.to === e.b)));
}

function randomEdges(rnd: () => number, nodeCount: number, edgeCount: number): ModelEdge[] {
  const ids = Array.from({ length: nodeCount }, (_, i) => `m${i}`);
  const edges: ModelEdge[] = [];
  for (let i = 0; i < edgeCount; i++) {
    const r = rnd();
    if (r < 0.1 && edges.length > 0) {
      // A parallel edge: same pair, either the same or another type and weight.
      const twin = pick(rnd, edges);
      edges.push(rnd() < 0.5 ? { ...twin } : { ...twin, type: pick(rnd, EDGE_TYPES), weight: pick(rnd, WEIGHTS) });
      continue;
    }
    const a = pick(rnd, ids);
    const b = r < 0.18 ? a : pick(rnd, ids);
    const type = pick(rnd, EDGE_TYPES);
    edges.push({ a, b, type, weight: pick(rnd, WEIGHTS), chain: type === 'TEMPORAL' ? rnd() < 0.6 : rnd() < 0.1 });
  }
  return edges;
}

function link(from: string, to: string, type: EdgeType, weight: number, chain = false): Link {
  return { from, to, type, weight, chain };
}

function change(part: Partial<EncodeGraphChange>): EncodeGraphChange {
  return { incarnation: 'i1', fromRev: 1, toRev: 2, created: [], links: [], unchained: [], ...part };
}

const T = (a: string, b: string, weight = 0.5, chain = true): ModelEdge => ({ a, b, type: 'TEMPORAL', weight, chain });
const S = (a: string, b: string, weight = 0.5): ModelEdge => ({ a, b, type: 'SEMANTIC', weight, chain: false });

describe('HeldGraph', () => {
  it('holds the fan-out buildFanOut builds from the same edges, on random graphs', () => {
    let compared = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rnd = rng(seed);
      const options = OPTION_SETS[seed % OPTION_SETS.length] as SpreadOptions;
      const edges = randomEdges(rnd, 2 + Math.floor(rnd() * 12), Math.floor(rnd() * 45));
      const held = HeldGraph.of(toAgentGraph(edges), options);
      expect({ seed, fanOut: plain(held.fanOut) }).toEqual({ seed, fanOut: expectedFanOut(edges, options) });
      expect({ seed, edges: held.edges }).toEqual({ seed, edges: heldCount(edges) });
      compared += held.fanOut.size;
    }
    // The cases are not vacuous.
    expect(compared).toBeGreaterThan(1000);
  });

  it('holds the buildFanOut of a graph whose node has more steps than the bound, and ties on strength', () => {
    const options = normaliseSpreadOptions({ typeFactors: { TEMPORAL: 1, SEMANTIC: 0.5 }, maxFanOut: 2 });
    const edges = [T('h', 'x3', 0.5), S('h', 'x1', 1), T('x2', 'h', 0.5), T('h', 'x0', 0.2), { a: 'h', b: 'x4', type: 'CAUSAL', weight: 1, chain: false } as ModelEdge];
    const held = HeldGraph.of(toAgentGraph(edges), options);
    // Strength desc, neighbour asc on ties (0.5 each), bounded at 2; CAUSAL has no factor.
    expect(held.fanOut.get('h')).toEqual([
      { to: 'x1', type: 'SEMANTIC', strength: 0.5 },
      { to: 'x2', type: 'TEMPORAL', strength: 0.5 },
    ]);
    expect(held.fanOut.has('x4')).toBe(false);
    expect(plain(held.fanOut)).toEqual(expectedFanOut(edges, options));
    expect(held.edges).toBe(5);
  });

  it('keeps the fan-out equal to buildFanOut from scratch through random encodes', () => {
    let applied = 0;
    let refused = 0;
    let unchainedEdges = 0;
    let orphaned = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const rnd = rng(1000 + seed);
      const options = OPTION_SETS[seed % OPTION_SETS.length] as SpreadOptions;
      let edges = randomEdges(rnd, 2 + Math.floor(rnd() * 8), Math.floor(rnd() * 20));
      const held = HeldGraph.of(toAgentGraph(edges), options);
      const everSeen = new Set(edges.flatMap((e) => [e.a, e.b]));
      let next = 0;
      for (let step = 0; step < 25; step++) {
        const live = liveIn(edges);
        const created = Array.from({ length: Math.floor(rnd() * 3) }, () => `n${seed}-${next++}`);
        const ends = [...live, ...created];
        const links: Link[] = [];
        const linkCount = ends.length === 0 ? 0 : Math.floor(rnd() * 5);
        for (let i = 0; i < linkCount; i++) {
          const from = rnd() < 0.6 && created.length > 0 ? pick(rnd, created) : pick(rnd, ends);
          const to = rnd() < 0.1 ? from : pick(rnd, ends);
          const type = rnd() < 0.4 ? 'TEMPORAL' : pick(rnd, EDGE_TYPES);
          links.push(link(from, to, type, pick(rnd, WEIGHTS), rnd() < 0.5));
        }
        // Chain links the encode replaced; now and then a pair that matches none (reversed, or made up).
        const chainLinks = edges.filter((e) => e.type === 'TEMPORAL' && e.chain && e.a !== e.b);
        const unchained: { from: string; to: string }[] = [];
        for (let i = Math.floor(rnd() * 3); i > 0 && chainLinks.length > 0; i--) {
          const e = pick(rnd, chainLinks);
          unchained.push(rnd() < 0.85 ? { from: e.a, to: e.b } : { from: e.b, to: e.a });
        }
        if (rnd() < 0.1 && ends.length > 0) unchained.push({ from: pick(rnd, ends), to: pick(rnd, ends) });

        // Now and then a link to a memory the copy cannot tell is live: never seen, or no edge left.
        const unknownPool = [`ghost${seed}-${step}`, ...[...everSeen].filter((id) => !live.has(id))];
        const bad = rnd() < 0.15;
        if (bad) {
          const unknown = pick(rnd, unknownPool);
          const other = ends.length > 0 ? pick(rnd, ends) : unknown;
          links.splice(Math.floor(rnd() * (links.length + 1)), 0, rnd() < 0.5 ? link(other, unknown, 'TEMPORAL', 0.5, true) : link(unknown, other, 'SEMANTIC', 0.8));
        }

        const before = plain(held.fanOut);
        const beforeEdges = held.edges;
        const ok = held.applyEncode(change({ created, links, unchained }));
        if (bad) {
          expect({ seed, step, ok }).toEqual({ seed, step, ok: false });
          expect(plain(held.fanOut)).toEqual(before);
          expect(held.edges).toBe(beforeEdges);
          refused++;
          continue;
        }
        expect({ seed, step, ok }).toEqual({ seed, step, ok: true });
        const kept = unchain(edges, unchained);
        unchainedEdges += edges.length - kept.length;
        edges = [...kept, ...links.map((l) => ({ a: l.from, b: l.to, type: l.type, weight: l.weight, chain: l.chain }))];
        for (const id of live) if (!liveIn(edges).has(id)) orphaned++;
        for (const e of edges) everSeen.add(e.a).add(e.b);
        expect({ seed, step, fanOut: plain(held.fanOut) }).toEqual({ seed, step, fanOut: expectedFanOut(edges, options) });
        expect({ seed, step, edges: held.edges }).toEqual({ seed, step, edges: heldCount(edges) });
        applied++;
      }
    }
    // The sequences exercised every path.
    expect(applied).toBeGreaterThan(1500);
    expect(refused).toBeGreaterThan(200);
    expect(unchainedEdges).toBeGreaterThan(300);
    expect(orphaned).toBeGreaterThan(10);
  });

  it('adds links between created memories and to memories with an edge', () => {
    const options = CACHED_SPREAD_OPTIONS;
    const held = HeldGraph.of(toAgentGraph([T('m1', 'm2'), S('m2', 'm3', 0.6)]), options);
    expect(held.applyEncode(change({ created: ['n1', 'n2'], unchained: [{ from: 'm1', to: 'm2' }], links: [link('m1', 'n1', 'TEMPORAL', 0.5, true), link('n1', 'm2', 'TEMPORAL', 0.5, true), link('n1', 'n2', 'EMOTIONAL', 0.8)] }))).toBe(true);
    expect(held.fanOut.get('m1')).toEqual([{ to: 'n1', type: 'TEMPORAL', strength: 0.5 }]);
    expect(held.fanOut.get('n1')).toEqual([
      { to: 'm1', type: 'TEMPORAL', strength: 0.5 },
      { to: 'm2', type: 'TEMPORAL', strength: 0.5 },
      { to: 'n2', type: 'EMOTIONAL', strength: 0.4 },
    ]);
    expect(held.edges).toBe(4);
  });

  it('refuses, changing nothing, a change with a link to a memory it cannot tell is live', () => {
    const options = CACHED_SPREAD_OPTIONS;
    const edges = [T('m1', 'm2'), T('m2', 'm3'), S('m3', 'm4', 0.6), { a: 'lone', b: 'lone', type: 'SEMANTIC', weight: 1, chain: false } as ModelEdge];
    const held = HeldGraph.of(toAgentGraph(edges), options);
    const before = plain(held.fanOut);
    expect(held.edges).toBe(3);

    // With unchained pairs and good links in the same change: none of it is applied.
    const refusals: EncodeGraphChange[] = [
      change({ created: ['n1'], unchained: [{ from: 'm2', to: 'm3' }], links: [link('m2', 'n1', 'TEMPORAL', 0.5, true), link('n1', 'ghost', 'SEMANTIC', 0.7)] }),
      change({ created: ['n1'], unchained: [{ from: 'm1', to: 'm2' }], links: [link('ghost', 'n1', 'CAUSAL', 0.9)] }),
      // Only a self-loop, which the copy does not hold, says nothing of a memory.
      change({ created: ['n1'], links: [link('n1', 'lone', 'SEMANTIC', 0.7)] }),
      // Unchained now does not make a memory known to a link of the same change.
      change({ unchained: [{ from: 'm1', to: 'ghost' }], links: [link('m1', 'ghost', 'TEMPORAL', 0.5, true)] }),
    ];
    for (const c of refusals) {
      expect(held.applyEncode(c)).toBe(false);
      expect(plain(held.fanOut)).toEqual(before);
      expect(held.edges).toBe(3);
    }
    expect(held.fanOut.has('n1')).toBe(false);
    expect(held.fanOut.get('m2')).toEqual([
      { to: 'm1', type: 'TEMPORAL', strength: 0.5 },
      { to: 'm3', type: 'TEMPORAL', strength: 0.5 },
    ]);
  });

  it('unchains only TEMPORAL chain links in their stored direction', () => {
    const options = CACHED_SPREAD_OPTIONS;
    const edges: ModelEdge[] = [
      T('m1', 'm2', 0.5, true),
      T('m1', 'm2', 0.7, false),
      T('m2', 'm1', 0.9, true),
      { a: 'm1', b: 'm2', type: 'SEMANTIC', weight: 0.8, chain: true },
      T('m2', 'm3', 0.6, true),
    ];
    const held = HeldGraph.of(toAgentGraph(edges), options);
    expect(held.applyEncode(change({ unchained: [{ from: 'm1', to: 'm2' }] }))).toBe(true);
    expect(held.edges).toBe(4);
    expect(held.fanOut.get('m1')).toEqual([
      { to: 'm2', type: 'TEMPORAL', strength: 0.9 },
      { to: 'm2', type: 'TEMPORAL', strength: 0.7 },
      { to: 'm2', type: 'SEMANTIC', strength: 0.4 },
    ]);
    expect(plain(held.fanOut)).toEqual(expectedFanOut(edges.slice(1), options));

    // Again: nothing left to unchain that way. The reverse pair takes the reverse chain link only.
    expect(held.applyEncode(change({ unchained: [{ from: 'm1', to: 'm2' }] }))).toBe(true);
    expect(held.edges).toBe(4);
    expect(held.applyEncode(change({ unchained: [{ from: 'm2', to: 'm1' }] }))).toBe(true);
    expect(held.edges).toBe(3);
    expect(held.fanOut.get('m1')).toEqual([
      { to: 'm2', type: 'TEMPORAL', strength: 0.7 },
      { to: 'm2', type: 'SEMANTIC', strength: 0.4 },
    ]);
    expect(plain(held.fanOut)).toEqual(expectedFanOut([edges[1], edges[3], edges[4]] as ModelEdge[], options));
  });

  it('unchains every parallel chain link of the pair, and treats a link marked chain of another type as no chain link', () => {
    const options = CACHED_SPREAD_OPTIONS;
    const held = HeldGraph.of(toAgentGraph([T('m1', 'm2', 0.5), T('m1', 'm2', 0.6), S('m2', 'm3')]), options);
    expect(held.applyEncode(change({ created: ['n1'], links: [link('n1', 'm3', 'CAUSAL', 1, true)] }))).toBe(true);
    expect(held.applyEncode(change({ unchained: [{ from: 'm1', to: 'm2' }, { from: 'n1', to: 'm3' }] }))).toBe(true);
    expect(held.edges).toBe(2);
    expect(held.fanOut.has('m1')).toBe(false);
    expect(held.fanOut.get('m3')).toEqual([
      { to: 'n1', type: 'CAUSAL', strength: 0.6 },
      { to: 'm2', type: 'SEMANTIC', strength: 0.25 },
    ]);
  });

  it('forgets a memory whose last edge was unchained: out of the fan-out, unknown to later changes', () => {
    const options = CACHED_SPREAD_OPTIONS;
    const held = HeldGraph.of(toAgentGraph([T('a', 'b'), S('c', 'd', 0.6)]), options);
    expect(held.applyEncode(change({ created: ['n1'], unchained: [{ from: 'a', to: 'b' }], links: [link('n1', 'c', 'SEMANTIC', 0.8)] }))).toBe(true);
    expect(held.fanOut.has('a')).toBe(false);
    expect(held.fanOut.has('b')).toBe(false);
    expect([...held.fanOut.keys()].sort()).toEqual(['c', 'd', 'n1']);
    expect(held.edges).toBe(2);
    const before = plain(held.fanOut);

    expect(held.applyEncode(change({ created: ['n2'], links: [link('n2', 'a', 'TEMPORAL', 0.5, true)] }))).toBe(false);
    expect(held.applyEncode(change({ created: ['n2'], links: [link('b', 'n2', 'SEMANTIC', 0.5)] }))).toBe(false);
    expect(plain(held.fanOut)).toEqual(before);
    expect(held.edges).toBe(2);
    // Memories that still have an edge are known.
    expect(held.applyEncode(change({ created: ['n2'], links: [link('n2', 'n1', 'TEMPORAL', 0.5, true), link('c', 'n2', 'SEMANTIC', 0.5)] }))).toBe(true);
    expect(held.edges).toBe(4);
    expect(held.fanOut.get('n2')).toEqual([
      { to: 'n1', type: 'TEMPORAL', strength: 0.5 },
      { to: 'c', type: 'SEMANTIC', strength: 0.25 },
    ]);
  });

  it('counts a memory whose only edges have strength 0 as known, though it has no fan-out', () => {
    const options = CACHED_SPREAD_OPTIONS;
    const held = HeldGraph.of(toAgentGraph([S('z1', 'z2', 0), T('m1', 'm2')]), options);
    expect(held.fanOut.has('z1')).toBe(false);
    expect(held.edges).toBe(2);
    expect(held.applyEncode(change({ created: ['n1'], links: [link('n1', 'z1', 'TEMPORAL', 0.5, true)] }))).toBe(true);
    expect(held.fanOut.get('z1')).toEqual([{ to: 'n1', type: 'TEMPORAL', strength: 0.5 }]);
    expect(held.edges).toBe(3);
  });

  it('walks an episode: two chain links either way, none longer than the gap, never over other edges', () => {
    // Chain a-b-c-d-e-f, one minute apart but for e-f (3 hours); a non-chain TEMPORAL c-x and a SEMANTIC c-y.
    const graph = toAgentGraph([T('a', 'b'), T('b', 'c'), T('c', 'd'), T('d', 'e'), T('e', 'f'), T('c', 'x', 0.5, false), S('c', 'y')]);
    const held = HeldGraph.of({ ...graph, gaps: [60_000, 60_000, 60_000, 60_000, 3 * 3_600_000, 0, 0] }, CACHED_SPREAD_OPTIONS);
    const gap = 30 * 60_000;
    expect(held.episode('c', gap).sort()).toEqual(['a', 'b', 'd', 'e']);
    expect(held.episode('e', gap).sort()).toEqual(['c', 'd']);
    expect(held.episode('f', gap)).toEqual([]);
    expect(held.episode('f', 4 * 3_600_000).sort()).toEqual(['d', 'e']);
    expect(held.episode('unknown', gap)).toEqual([]);
  });

  it('walks the chain links an encode adds with their gaps, and not the ones it unchains; a link without a gap is not walked', () => {
    const held = HeldGraph.of(toAgentGraph([T('m1', 'm2')]), CACHED_SPREAD_OPTIONS);
    const gap = 30 * 60_000;
    expect(held.episode('m1', gap)).toEqual(['m2']);
    const spliced = change({
      created: ['n1', 'n2'],
      unchained: [{ from: 'm1', to: 'm2' }],
      links: [
        { ...link('m1', 'n1', 'TEMPORAL', 0.5, true), gapMs: 1_000 },
        { ...link('n1', 'm2', 'TEMPORAL', 0.5, true), gapMs: 1_000 },
        link('m2', 'n2', 'TEMPORAL', 0.5, true),
      ],
    });
    expect(held.applyEncode(spliced)).toBe(true);
    expect(held.episode('m1', gap).sort()).toEqual(['m2', 'n1']);
    expect(held.episode('m2', gap).sort()).toEqual(['m1', 'n1']);
  });
});
