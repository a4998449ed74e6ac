import fc from 'fast-check';
import { baseCandidate, baseContext, candidateArb, contextArb } from '../testing/arbitraries';
import { SIGNAL_NAMES } from '../types/recall.types';
import { PROFILES } from './profiles';
import { recallInMemory, scoreCandidates, scorePass1, scorePass2, seedsFromPass1, withSeedActivation } from './score';
import { weightsFrom } from './weights';

describe('scoreCandidates', () => {
  it('hand-computed score under the semantic + lexical split', () => {
    // Weights semantic .6, lexical .4; semantic is relative to the candidates' cosines (0.5…0.9),
    // lexical to the best BM25. a: 0·.6 + (6/8)·.4 = 0.3; b: 1·.6 + (8/8)·.4 = 1.
    const w = weightsFrom({ semantic: 0.6, lexical: 0.4 });
    const out = scoreCandidates([baseCandidate('a', { semanticSimilarity: 0.5, bm25: 6 }), baseCandidate('b', { semanticSimilarity: 0.9, bm25: 8 })], baseContext(), w);
    expect(out.map((s) => [s.id, s.rank])).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(out[0]?.score).toBeCloseTo(1, 12);
    expect(out[1]?.score).toBeCloseTo(0.3, 12);
    expect(out[1]?.weighted.lexical).toBeCloseTo(0.3, 12);
  });

  it('breaks score ties by id and keeps the best entry of a repeated id', () => {
    const w = PROFILES.semantic;
    const out = scoreCandidates(
      [baseCandidate('b'), baseCandidate('a'), baseCandidate('a', { semanticSimilarity: 0.9 }), baseCandidate('a', { semanticSimilarity: 0.1 })],
      baseContext(),
      w,
    );
    // Cosines 0.1…0.9: a's best entry (0.9) is 1, b (0.5) is 0.5.
    expect(out.map((s) => [s.id, s.score])).toEqual([
      ['a', 1],
      ['b', 0.5],
    ]);
  });

  it('property: independent of candidate order', () => {
    const pool = fc.uniqueArray(candidateArb(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h')), { selector: (c) => c.id, maxLength: 8 });
    fc.assert(
      fc.property(
        pool.chain((cs) => fc.tuple(fc.constant(cs), fc.shuffledSubarray(cs, { minLength: cs.length, maxLength: cs.length }))),
        contextArb,
        fc.constantFrom(...(['balanced', 'affective', 'salience', 'state'] as const)),
        ([candidates, shuffled], context, profile) => {
          const x = scoreCandidates(candidates, context, PROFILES[profile]);
          const y = scoreCandidates(shuffled, context, PROFILES[profile]);
          expect(y).toEqual(x);
        },
      ),
    );
  });

  it('property: score = Σ weighted, in [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(candidateArb(), { maxLength: 6 }), contextArb, (candidates, context) => {
        for (const s of scoreCandidates(candidates, context, PROFILES.balanced)) {
          const sum = SIGNAL_NAMES.reduce((acc, n) => acc + s.weighted[n], 0);
          expect(s.score).toBeCloseTo(sum, 9);
          expect(s.score).toBeGreaterThanOrEqual(0);
          expect(s.score).toBeLessThanOrEqual(1 + 1e-9);
        }
      }),
    );
  });
});

describe('two passes', () => {
  const weights = weightsFrom({ semantic: 0.5, resonance: 0.5 });
  const context = baseContext();
  // Cosines 0.2…0.9, so the semantic signal is a 1, b 0.7, c 0 (and x 0) in both passes.
  const pool = [baseCandidate('a', { semanticSimilarity: 0.9 }), baseCandidate('b', { semanticSimilarity: 0.69 }), baseCandidate('c', { semanticSimilarity: 0.2 })];
  const outside = baseCandidate('x', { semanticSimilarity: 0.2 });

  it('seeds are the top of pass 1 with activation = score', () => {
    const pass1 = scorePass1(pool, context, weights);
    // a: 0.5·1 = 0.5, b: 0.5·0.7 = 0.35.
    expect(seedsFromPass1(pass1)).toHaveLength(3); // default 10, only 3 candidates
    const seeds = seedsFromPass1(pass1, 2);
    expect(seeds.map((s) => s.id)).toEqual(['a', 'b']);
    expect(seeds[0]?.activation).toBeCloseTo(0.5, 12);
    expect(seeds[1]?.activation).toBeCloseTo(0.35, 12);
  });

  it('pass 2 adds resonance, lets activated memories join, and explains ranks', () => {
    const pass1 = scorePass1(pool, context, weights);
    const activations = new Map([
      ['c', { id: 'c', activation: 0.9, seedId: 'a', path: ['a', 'c'], edgeTypes: ['SEMANTIC' as const] }],
      ['x', { id: 'x', activation: 0.5, seedId: 'a', path: ['a', 'x'], edgeTypes: ['CAUSAL' as const] }],
    ]);
    const out = scorePass2({ pool, activated: [outside, baseCandidate('unreached')], activations, pass1, context, weights, topK: 10 });
    // a: 0.5; c: 0.5·0 + 0.5·0.9 = 0.45; b: 0.35; x: 0 + 0.5·0.5 = 0.25.
    expect(out.map((r) => r.id)).toEqual(['a', 'c', 'b', 'x']);
    const c = out[1];
    expect(c?.score).toBeCloseTo(0.45, 12);
    expect(c?.pass1Rank).toBe(3);
    expect(c?.explanation.pass1Rank).toBe(3);
    expect(c?.explanation.pass2Rank).toBe(2);
    expect(c?.explanation.activationPath).toEqual(['a', 'c']);
    expect(c?.explanation.signals.resonance).toBe(0.9);
    expect(c?.explanation.weighted.resonance).toBeCloseTo(0.45, 12);
    expect(c?.explanation.weights).toBe(weights);
    const x = out.find((r) => r.id === 'x');
    expect(x?.pass1Rank).toBeNull();
    expect(out.find((r) => r.id === 'a')?.explanation.activationPath).toBeUndefined();
  });

  it('pass 2 applies topK (clamped to 1..100) and the energy cut', () => {
    const pass1 = scorePass1(pool, context, weights);
    const base = { pool, activated: [], activations: new Map(), pass1, context, weights };
    expect(scorePass2({ ...base, topK: 1 })).toHaveLength(1);
    expect(scorePass2({ ...base, topK: 0 })).toHaveLength(1);
    expect(scorePass2(base)).toHaveLength(3);
    // energy 0: threshold 0.6 × 0.5 = 0.3 → c (0) is cut.
    expect(scorePass2({ ...base, energy: 0 }).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('recallInMemory runs both passes over an in-memory graph', () => {
    const graph = { nodes: ['a', 'b', 'c', 'x'], edges: [{ a: 'a', b: 'x', type: 'TEMPORAL' as const, weight: 1 }] };
    const out = recallInMemory({ pool, others: [outside], context, weights, graph, seeds: 1, topK: 5 });
    // x gets resonance 0.5 (seed a, TEMPORAL factor 1) → 0 + 0.25 = 0.25.
    expect(out.find((r) => r.id === 'x')?.score).toBeCloseTo(0.25, 12);
    // The seed a keeps half its own activation: 0.5 + 0.5·(0.5·0.5) = 0.625.
    expect(out.find((r) => r.id === 'a')?.score).toBeCloseTo(0.625, 12);
    expect(out.find((r) => r.id === 'a')?.explanation.activationPath).toEqual(['a']);
    expect(recallInMemory({ pool, context, weights, energy: 1 }).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('a seed keeps half its own activation, unless a walk from another seed brings it more', () => {
    const walked = new Map([['b', { id: 'b', activation: 0.4, seedId: 'a', path: ['a', 'b'], edgeTypes: ['TEMPORAL' as const] }]]);
    const out = withSeedActivation(walked, [
      { id: 'a', activation: 0.9 },
      { id: 'b', activation: 0.6 },
      { id: 'c', activation: 0 },
    ]);
    expect(out.get('a')).toEqual({ id: 'a', activation: 0.45, seedId: 'a', path: ['a'], edgeTypes: [] });
    expect(out.get('b')?.activation).toBe(0.4);
    expect(out.has('c')).toBe(false);
    expect(walked.has('a')).toBe(false);
    expect(withSeedActivation(walked, [{ id: 'b', activation: 1 }]).get('b')?.path).toEqual(['b']);
  });

  it('the best match is not passed by its own neighbour on resonance alone', () => {
    // a is the best match; its TEMPORAL neighbour n matches the query less (semantic 0.6 on the
    // candidates' range 0.1…0.9). Without the seed's own share n (0.5·0.6 + 0.5·0.5 = 0.55)
    // passed a (0.5·1 + 0); with it a has 0.5 + 0.5·0.25 = 0.625.
    const near = [baseCandidate('a', { semanticSimilarity: 0.9 }), baseCandidate('n', { semanticSimilarity: 0.58 }), baseCandidate('z', { semanticSimilarity: 0.1 })];
    const graph = { nodes: ['a', 'n', 'z'], edges: [{ a: 'a', b: 'n', type: 'TEMPORAL' as const, weight: 1 }] };
    const ranked = recallInMemory({ pool: near, context, weights, graph, seeds: 1 });
    expect(ranked.map((r) => r.id)).toEqual(['a', 'n', 'z']);
  });
});
