import { buildFanOut, compareStrings, EDGE_TYPES, normaliseSpreadOptions, spreadActivation, type ActivatedNode, type SpreadEdge, type SpreadGraph } from '@limbic/affect';
import type { CandidateRecord, MemoryRecord, RecallUnit, SpreadParams } from '@limbic/graph';
import { spreadInProcess } from './spread-in-process';
import { rng } from '../../../../../bench/common/rng';

const EMBEDDING = [0.1, 0.2, 0.3];
const GOALS = [[1, 0, 0]];

function candidate(id: string): CandidateRecord {
  return { memory: { id } as MemoryRecord, cosine: 0.25, goalCosines: [0.5], moodAtEncoding: null, momentumAtEncoding: null, consolidation: null, lastAccessedAt: null, concepts: [`c-${id}`] };
}

/** recall.candidates: a row for every id asked for, in no particular order (the query promises none). */
function fakeUnit() {
  const calls: { ids: string[]; embedding: readonly number[]; goalEmbeddings: readonly (readonly number[])[] }[] = [];
  const unit = {
    candidates: (ids: string[], embedding: readonly number[], goalEmbeddings: readonly (readonly number[])[]): Promise<CandidateRecord[]> => {
      calls.push({ ids: [...ids], embedding, goalEmbeddings });
      return Promise.resolve([...ids].reverse().map(candidate));
    },
  } as unknown as RecallUnit;
  return { unit, calls };
}

interface Case {
  readonly graph: SpreadGraph;
  readonly params: SpreadParams;
}

/**
 * A small random graph and recall: weights on a coarse grid so that activations tie, self-loops
 * and parallel edges, type factors that leave some types out, seeds outside the graph.
 */
function randomCase(seed: number): Case {
  const r = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)] as T;
  const nodes = Array.from({ length: int(4, 16) }, (_, i) => `m${String(i).padStart(2, '0')}`);
  const edges: SpreadEdge[] = Array.from({ length: int(0, 3 * nodes.length) }, () => ({
    a: pick(nodes),
    b: pick(nodes),
    type: pick(EDGE_TYPES),
    weight: r() < 0.5 ? int(1, 10) / 10 : r(),
  }));
  const factors: Record<string, number> = {};
  for (const type of EDGE_TYPES) if (r() < 0.85) factors[type] = r() < 0.3 ? 1 : int(1, 10) / 10;
  const seeds = Array.from({ length: int(1, 4) }, () => ({ id: r() < 0.1 ? 'outside' : pick(nodes), activation: r() < 0.3 ? 1 : r() }));
  const poolIds = [...new Set([...seeds.map((s) => s.id), ...nodes.filter(() => r() < 0.3)])];
  const params: SpreadParams = { seeds, hops: int(1, 3), factors, minActivation: r() * 0.1, maxFanOut: int(1, 5), poolIds, maxJoined: int(0, 6) };
  return { graph: { nodes, edges }, params };
}

/** The reference answer (libs/affect), ordered by activation desc, id asc. */
function reference({ graph, params }: Case): ActivatedNode[] {
  const reached = spreadActivation(graph, params.seeds, { hops: params.hops, typeFactors: params.factors, minActivation: params.minActivation, maxFanOut: params.maxFanOut });
  return [...reached.values()].sort((x, y) => y.activation - x.activation || compareStrings(x.id, y.id));
}

function fanOutOf({ graph, params }: Case) {
  return buildFanOut(graph, normaliseSpreadOptions({ typeFactors: params.factors, maxFanOut: params.maxFanOut }));
}

describe('spreadInProcess', () => {
  const cases = Array.from({ length: 60 }, (_, i) => randomCase(1000 + i));

  it.each(cases.map((c, i) => [i, c] as const))('agrees with the reference spread on random graph %i', async (_i, c) => {
    const { unit, calls } = fakeUnit();
    const out = await spreadInProcess(unit, fanOutOf(c), c.params, EMBEDDING, GOALS);

    const all = reference(c);
    const pool = new Set(c.params.poolIds);
    const joining = all.filter((n) => !pool.has(n.id)).slice(0, c.params.maxJoined);
    const expected = all.filter((n) => pool.has(n.id) || joining.includes(n));
    expect(out.map((o) => o.id)).toEqual(expected.map((n) => n.id));
    for (const [i, o] of out.entries()) {
      const n = expected[i] as ActivatedNode;
      expect({ activation: o.activation, seedId: o.seedId, path: o.path, edgeTypes: o.edgeTypes }).toEqual({ activation: n.activation, seedId: n.seedId, path: n.path, edgeTypes: n.edgeTypes });
      // Pool members are scored already: only a joining memory brings its candidate row.
      expect(o.candidate).toEqual(pool.has(o.id) ? null : candidate(o.id));
    }
    // One read, of the joining memories only, strongest first, with the recall's vectors.
    expect(calls).toEqual([{ ids: joining.map((n) => n.id), embedding: EMBEDDING, goalEmbeddings: GOALS }]);
  });

  it('the random graphs reach pool members and joining memories, and cut some at maxJoined', () => {
    let known = 0;
    let joined = 0;
    let cut = 0;
    for (const c of cases) {
      const pool = new Set(c.params.poolIds);
      const all = reference(c);
      const outside = all.filter((n) => !pool.has(n.id)).length;
      known += all.length - outside;
      joined += Math.min(outside, c.params.maxJoined);
      if (outside > c.params.maxJoined) cut++;
    }
    expect(known).toBeGreaterThan(20);
    expect(joined).toBeGreaterThan(20);
    expect(cut).toBeGreaterThan(5);
  });

  it('asks for the strongest maxJoined memories outside the pool, ties by id', async () => {
    // s reaches a (0.8), b and c (0.5 each, tied), d (0.4); a is in the pool.
    const graph: SpreadGraph = {
      nodes: ['s', 'a', 'b', 'c', 'd'],
      edges: [
        { a: 's', b: 'a', type: 'TEMPORAL', weight: 0.8 },
        { a: 's', b: 'c', type: 'TEMPORAL', weight: 0.5 },
        { a: 'b', b: 's', type: 'TEMPORAL', weight: 0.5 },
        { a: 's', b: 'd', type: 'TEMPORAL', weight: 0.4 },
      ],
    };
    const params: SpreadParams = { seeds: [{ id: 's', activation: 1 }], hops: 1, factors: { TEMPORAL: 1 }, minActivation: 0.05, maxFanOut: 10, poolIds: ['s', 'a'], maxJoined: 2 };
    const { unit, calls } = fakeUnit();
    const out = await spreadInProcess(unit, fanOutOf({ graph, params }), params, EMBEDDING, GOALS);
    expect(calls.map((c) => c.ids)).toEqual([['b', 'c']]);
    expect(out.map((o) => [o.id, o.activation, o.candidate?.memory.id ?? null])).toEqual([
      ['a', 0.8, null],
      ['b', 0.5, 'b'],
      ['c', 0.5, 'c'],
    ]);
  });

  it('spreads nothing and reads nothing without seeds or hops', async () => {
    const c = randomCase(7);
    const { unit, calls } = fakeUnit();
    expect(await spreadInProcess(unit, fanOutOf(c), { ...c.params, seeds: [] }, EMBEDDING, GOALS)).toEqual([]);
    expect(await spreadInProcess(unit, fanOutOf(c), { ...c.params, hops: 0 }, EMBEDDING, GOALS)).toEqual([]);
    expect(calls).toEqual([]);
  });
});
