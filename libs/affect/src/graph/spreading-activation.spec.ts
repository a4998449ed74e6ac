import fc from 'fast-check';
import { EDGE_TYPES } from '../types/graph.types';
import type { SpreadEdge, SpreadGraph } from '../types/graph.types';
import { buildFanOut, normaliseSpreadOptions, spreadActivation } from './spreading-activation';

const factors = { SEMANTIC: 1, TEMPORAL: 0.6 };

describe('spreadActivation', () => {
  const chain: SpreadGraph = {
    nodes: ['A', 'B', 'C', 'D'],
    edges: [
      { a: 'A', b: 'B', type: 'SEMANTIC', weight: 0.8 },
      { a: 'C', b: 'B', type: 'TEMPORAL', weight: 0.5 }, // stored direction does not matter
      { a: 'C', b: 'D', type: 'SEMANTIC', weight: 1 },
    ],
  };

  it('max-product along paths, bounded by hops', () => {
    // B = 0.9·0.8 = 0.72; C = 0.72·(0.5·0.6) = 0.216; D = 0.216·1 (3 hops).
    const two = spreadActivation(chain, [{ id: 'A', activation: 0.9 }], { hops: 2, typeFactors: factors, minActivation: 0.01, maxFanOut: 10 });
    expect(two.get('B')?.activation).toBeCloseTo(0.72, 12);
    expect(two.get('C')?.activation).toBeCloseTo(0.216, 12);
    expect(two.get('C')?.path).toEqual(['A', 'B', 'C']);
    expect(two.get('C')?.edgeTypes).toEqual(['SEMANTIC', 'TEMPORAL']);
    expect(two.get('C')?.seedId).toBe('A');
    expect(two.has('D')).toBe(false);
    const three = spreadActivation(chain, [{ id: 'A', activation: 0.9 }], { hops: 3, typeFactors: factors, minActivation: 0.01, maxFanOut: 10 });
    expect(three.get('D')?.activation).toBeCloseTo(0.216, 12);
    const one = spreadActivation(chain, [{ id: 'A', activation: 0.9 }], { hops: 1, typeFactors: factors, minActivation: 0.01, maxFanOut: 10 });
    expect([...one.keys()]).toEqual(['B']);
  });

  it('drops nodes below the minimum activation and types without a factor', () => {
    const out = spreadActivation(chain, [{ id: 'A', activation: 0.9 }], { hops: 3, typeFactors: factors, minActivation: 0.3, maxFanOut: 10 });
    expect([...out.keys()]).toEqual(['B']); // C would be 0.216 < 0.3
    const semanticOnly = spreadActivation(chain, [{ id: 'A', activation: 0.9 }], { hops: 3, typeFactors: { SEMANTIC: 1 }, minActivation: 0, maxFanOut: 10 });
    expect([...semanticOnly.keys()]).toEqual(['B']);
  });

  it("a seed's activation comes from the other seeds only", () => {
    // Seeds A .9 and B .5: A gets 0.5·0.8 = 0.4 from B; B gets 0.72 from A; C = max(0.216, 0.5·0.3 = 0.15).
    const out = spreadActivation(chain, [{ id: 'A', activation: 0.9 }, { id: 'B', activation: 0.5 }], { hops: 2, typeFactors: factors, minActivation: 0.01, maxFanOut: 10 });
    expect(out.get('A')?.activation).toBeCloseTo(0.4, 12);
    expect(out.get('A')?.seedId).toBe('B');
    expect(out.get('B')?.activation).toBeCloseTo(0.72, 12);
    expect(out.get('C')?.activation).toBeCloseTo(0.216, 12);
    // A lone seed gets no activation of its own.
    expect(spreadActivation(chain, [{ id: 'A', activation: 0.9 }]).has('A')).toBe(false);
  });

  it('fan-out keeps the strongest weight × factor edges, ties by neighbour id', () => {
    const star: SpreadGraph = {
      nodes: ['X', 'Y', 'Z', 'W'],
      edges: [
        { a: 'X', b: 'Z', type: 'SEMANTIC', weight: 0.9 },
        { a: 'X', b: 'W', type: 'SEMANTIC', weight: 0.5 },
        { a: 'Y', b: 'X', type: 'SEMANTIC', weight: 0.9 },
      ],
    };
    const opts = { hops: 1, typeFactors: factors, minActivation: 0, maxFanOut: 2 };
    expect([...spreadActivation(star, [{ id: 'X', activation: 1 }], opts).keys()].sort()).toEqual(['Y', 'Z']);
    expect([...spreadActivation(star, [{ id: 'X', activation: 1 }], { ...opts, maxFanOut: 1 }).keys()]).toEqual(['Y']);
    const fan = buildFanOut(star, normaliseSpreadOptions(opts)).get('X');
    expect(fan?.map((s) => s.to)).toEqual(['Y', 'Z']);
    // Equal strength to the same neighbour: ordered by type name.
    const parallel = buildFanOut(
      {
        nodes: ['P', 'Q'],
        edges: [
          { a: 'P', b: 'Q', type: 'TEMPORAL', weight: 0.5 },
          { a: 'P', b: 'Q', type: 'CAUSAL', weight: 0.5 },
          { a: 'Q', b: 'P', type: 'SEMANTIC', weight: 0.5 },
        ],
      },
      normaliseSpreadOptions({ typeFactors: { TEMPORAL: 1, CAUSAL: 1, SEMANTIC: 1 } }),
    ).get('P');
    expect(parallel?.map((s) => s.type)).toEqual(['CAUSAL', 'SEMANTIC', 'TEMPORAL']);
  });

  it('ignores unknown nodes, self-loops and unknown seeds; a repeated seed counts with its larger activation', () => {
    const g: SpreadGraph = {
      nodes: ['A', 'B'],
      edges: [
        { a: 'A', b: 'A', type: 'SEMANTIC', weight: 1 },
        { a: 'A', b: 'ghost', type: 'SEMANTIC', weight: 1 },
        { a: 'A', b: 'B', type: 'SEMANTIC', weight: 0.5 },
        { a: 'A', b: 'B', type: 'TEMPORAL', weight: 1 },
      ],
    };
    const out = spreadActivation(g, [{ id: 'A', activation: 0.2 }, { id: 'A', activation: 0.8 }, { id: 'nope', activation: 1 }], { typeFactors: factors });
    // Best of the two parallel edges: max(0.8·0.5, 0.8·0.6) = 0.48 via TEMPORAL.
    expect([...out.keys()]).toEqual(['B']);
    expect(out.get('B')?.activation).toBeCloseTo(0.48, 12);
    expect(out.get('B')?.edgeTypes).toEqual(['TEMPORAL']);
  });

  it('normalises options: hops to 1..3, fan-out ≥ 1, min in [0, 1]', () => {
    expect(normaliseSpreadOptions({ hops: 9, maxFanOut: 0, minActivation: 2 })).toMatchObject({ hops: 3, maxFanOut: 1, minActivation: 1 });
    expect(normaliseSpreadOptions({ hops: 0 }).hops).toBe(1);
    expect(normaliseSpreadOptions().hops).toBe(2);
  });

  const ids = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7'];
  const edgeArb: fc.Arbitrary<SpreadEdge> = fc.record({
    a: fc.constantFrom(...ids),
    b: fc.constantFrom(...ids),
    type: fc.constantFrom(...EDGE_TYPES),
    weight: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  const graphArb = fc.array(edgeArb, { maxLength: 25 }).map((edges): SpreadGraph => ({ nodes: ids, edges }));
  const seedsArb = fc.array(fc.record({ id: fc.constantFrom(...ids), activation: fc.double({ min: 0, max: 1, noNaN: true }) }), { minLength: 1, maxLength: 4 });
  const optsArb = fc.record({
    hops: fc.integer({ min: 1, max: 3 }),
    typeFactors: fc.record({ SEMANTIC: fc.double({ min: 0, max: 1, noNaN: true }), EMOTIONAL: fc.double({ min: 0, max: 1, noNaN: true }), TEMPORAL: fc.double({ min: 0, max: 1, noNaN: true }), CAUSAL: fc.double({ min: 0, max: 1, noNaN: true }), CONTRASTIVE: fc.double({ min: 0, max: 1, noNaN: true }) }),
    minActivation: fc.double({ min: 0, max: 0.5, noNaN: true }),
    maxFanOut: fc.integer({ min: 1, max: 5 }),
  });

  it('property: never exceeds a seed, never grows along a path, paths respect hops and the minimum', () => {
    fc.assert(
      fc.property(graphArb, seedsArb, optsArb, (graph, seeds, opts) => {
        const out = spreadActivation(graph, seeds, opts);
        const strongest = Math.max(...seeds.map((s) => s.activation));
        const fanOut = buildFanOut(graph, normaliseSpreadOptions(opts));
        for (const node of out.values()) {
          expect(node.activation).toBeLessThanOrEqual(strongest);
          expect(node.activation).toBeGreaterThanOrEqual(opts.minActivation);
          expect(node.path.length - 1).toBeLessThanOrEqual(opts.hops);
          expect(node.path[0]).toBe(node.seedId);
          expect(node.seedId).not.toBe(node.id);
          // Walk the path: every step follows a fan-out edge and activation never grows.
          let activation = Math.max(...seeds.filter((s) => s.id === node.seedId).map((s) => s.activation));
          for (let i = 1; i < node.path.length; i++) {
            const step = fanOut.get(node.path[i - 1] as string)?.find((s) => s.to === node.path[i] && s.type === node.edgeTypes[i - 1]);
            expect(step).toBeDefined();
            const next = activation * (step?.strength ?? 0);
            expect(next).toBeLessThanOrEqual(activation);
            activation = next;
          }
          expect(node.activation).toBeCloseTo(activation, 12);
        }
      }),
    );
  });

  it('property: independent of edge and seed order', () => {
    fc.assert(
      fc.property(graphArb, seedsArb, optsArb, (graph, seeds, opts) => {
        const a = spreadActivation(graph, seeds, opts);
        const b = spreadActivation({ nodes: [...graph.nodes].reverse(), edges: [...graph.edges].reverse() }, [...seeds].reverse(), opts);
        expect(new Map([...b].sort())).toEqual(new Map([...a].sort()));
      }),
    );
  });

  it('property: equals a brute-force maximum over all walks within the fan-out', () => {
    fc.assert(
      fc.property(graphArb, seedsArb, optsArb, (graph, seeds, opts) => {
        const o = normaliseSpreadOptions(opts);
        const fanOut = buildFanOut(graph, o);
        const expected = new Map<string, number>();
        const seedBest = new Map<string, number>();
        for (const s of seeds) seedBest.set(s.id, Math.max(seedBest.get(s.id) ?? 0, s.activation));
        const walk = (seed: string, at: string, activation: number, depth: number): void => {
          if (at !== seed && activation >= o.minActivation) expected.set(at, Math.max(expected.get(at) ?? 0, activation));
          if (depth === o.hops) return;
          for (const step of fanOut.get(at) ?? []) walk(seed, step.to, activation * step.strength, depth + 1);
        };
        for (const [id, activation] of seedBest) if (activation >= o.minActivation && activation > 0) walk(id, id, activation, 0);
        const out = spreadActivation(graph, seeds, opts);
        expect([...out.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [id, node] of out) expect(node.activation).toBeCloseTo(expected.get(id) ?? -1, 12);
      }),
    );
  });
});
