import fc from 'fast-check';
import { baseCandidate, baseContext, candidateArb, contextArb, unit } from '../../testing/arbitraries';
import { SIGNAL_NAMES } from '../../types/recall.types';
import { candidateScale, computeSignals, prepareContext } from '../compute-signals';
import { affectProximitySignal, emotionalIntensitySignal, momentumAlignmentSignal, moodCongruenceSignal } from './affective-signals';
import { importanceSignal, primingSignal, resonanceSignal, tagOverlap } from './context-signals';
import { lexicalSignal, semanticSignal } from './similarity-signals';
import { frequencySignal, recencyDecayExponent, recencySignal } from './temporal-signals';

describe('similarity signals', () => {
  it('semantic clamps cosine to [0, 1]; lexical divides by the best BM25', () => {
    expect(semanticSignal(0.73)).toBe(0.73);
    expect(semanticSignal(-0.2)).toBe(0);
    expect(lexicalSignal(5, 10)).toBe(0.5);
    expect(lexicalSignal(5, 0)).toBe(0);
  });

  it('semantic places the cosine within the candidates’ range; without a range it is the clamped cosine', () => {
    const range = { min: 0.2, max: 0.6 };
    expect(semanticSignal(0.6, range)).toBe(1);
    expect(semanticSignal(0.2, range)).toBe(0);
    expect(semanticSignal(0.5, range)).toBeCloseTo(0.75, 12);
    // Clamped first: a negative cosine sits at the floor of a range that starts at 0.
    expect(semanticSignal(-0.3, { min: 0, max: 0.5 })).toBe(0);
    expect(semanticSignal(0.4, { min: 0.4, max: 0.4 })).toBe(0.4);
    // Candidates within 0.25 of each other: divided by 0.25, so the closest is no full match.
    expect(semanticSignal(0.5, { min: 0.4, max: 0.5 })).toBeCloseTo(0.4, 12);
  });

  it('candidateScale: the best BM25 and the clamped cosines’ range', () => {
    const c = (semanticSimilarity: number, bm25: number, episodeBm25?: number) =>
      baseCandidate('m', { semanticSimilarity, bm25, ...(episodeBm25 === undefined ? {} : { episodeBm25 }) });
    expect(candidateScale([c(0.7, 2, 6), c(-0.1, 5), c(0.3, 0, 1)])).toEqual({ bestBm25: 5, bestEpisodeBm25: 6, cosine: { min: 0, max: 0.7 } });
    expect(candidateScale([])).toEqual({ bestBm25: 0, bestEpisodeBm25: 0, cosine: { min: 0, max: 0 } });
  });

  it('property: the semantic signal ranks as the cosine does, whatever band a model packs cosines into', () => {
    // c' = a + b·c with b > 0 (a model's calibration, or a model that compresses its cosines).
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 8 }), fc.double({ min: 0.5, max: 1, noNaN: true }), (cosines, b) => {
        // Ranges wider than the semantic signal's floor (0.25), before and after packing.
        fc.pre(b * (Math.max(...cosines) - Math.min(...cosines)) > 0.25);
        const a = (1 - b) / 2;
        const wide = cosines.map((x) => semanticSignal(x, { min: Math.min(...cosines), max: Math.max(...cosines) }));
        const packed = cosines.map((x) => a + b * x);
        const narrow = packed.map((x) => semanticSignal(x, { min: Math.min(...packed), max: Math.max(...packed) }));
        narrow.forEach((v, i) => expect(v).toBeCloseTo(wide[i] ?? NaN, 9));
      }),
    );
  });
});

describe('affective signals', () => {
  const low = { valence: -1, arousal: 0, dominance: 0 };
  const high = { valence: 1, arousal: 1, dominance: 1 };

  it('mood congruence and affect proximity are 1 − distance/√6', () => {
    expect(moodCongruenceSignal(high, high)).toBe(1);
    expect(moodCongruenceSignal(high, low)).toBeCloseTo(0, 12); // opposite corners
    // distance √0.5/√6 ≈ 0.2886751 → 0.7113249.
    expect(affectProximitySignal({ valence: 0, arousal: 0, dominance: 0.5 }, { valence: 0.5, arousal: 0.5, dominance: 0.5 })).toBeCloseTo(0.7113249, 6);
  });

  it('momentum alignment: (cos + 1)/2, 0.5 when either is ≈ 0 or missing', () => {
    expect(momentumAlignmentSignal({ dv: 1, da: 0, dd: 0 }, { dv: 2, da: 0, dd: 0 })).toBeCloseTo(1, 12);
    expect(momentumAlignmentSignal({ dv: 1, da: 0, dd: 0 }, { dv: -2, da: 0, dd: 0 })).toBeCloseTo(0, 12);
    expect(momentumAlignmentSignal({ dv: 1, da: 0, dd: 0 }, { dv: 0, da: 1, dd: 0 })).toBeCloseTo(0.5, 12);
    expect(momentumAlignmentSignal({ dv: 0.001, da: 0, dd: 0 }, { dv: 1, da: 0, dd: 0 })).toBe(0.5);
    expect(momentumAlignmentSignal({ dv: 1, da: 0, dd: 0 }, { dv: 0, da: 0.005, dd: 0 })).toBe(0.5);
    expect(momentumAlignmentSignal({ dv: 1, da: 0, dd: 0 }, undefined)).toBe(0.5);
  });

  it('emotional intensity = |v|·a·(1 + 0.1·sign v), capped at 1', () => {
    expect(emotionalIntensitySignal({ valence: -0.8, arousal: 0.5, dominance: 0.5 })).toBeCloseTo(0.36, 12); // 0.4 × 0.9
    expect(emotionalIntensitySignal({ valence: 0.8, arousal: 0.5, dominance: 0.5 })).toBeCloseTo(0.44, 12); // 0.4 × 1.1
    expect(emotionalIntensitySignal({ valence: 1, arousal: 1, dominance: 0.5 })).toBe(1); // 1.1 capped
    expect(emotionalIntensitySignal({ valence: 0, arousal: 1, dominance: 0.5 })).toBe(0);
  });
});

describe('temporal signals', () => {
  it('recency = c·(1 + Δt)^(−δ), δ = 0.5(1 − 0.5a)/(1 + 0.1·accesses)', () => {
    // δ = 0.5, 4^(−0.5) = 0.5.
    expect(recencySignal({ hours: 3, arousal: 0, accessCount: 0, consolidation: 1 })).toBeCloseTo(0.5, 12);
    // a = 0.6: δ = 0.5·0.7 = 0.35, 4^(−0.35) = e^(−0.35·ln 4) ≈ 0.6155722.
    expect(recencySignal({ hours: 3, arousal: 0.6, accessCount: 0, consolidation: 1 })).toBeCloseTo(0.6155722, 6);
    // 10 accesses: δ = 0.5/2 = 0.25, 4^(−0.25) = 1/√2.
    expect(recencySignal({ hours: 3, arousal: 0, accessCount: 10, consolidation: 1 })).toBeCloseTo(Math.SQRT1_2, 12);
    // Δt = 0 → c.
    expect(recencySignal({ hours: 0, arousal: 0, accessCount: 0, consolidation: 0.5 })).toBe(0.5);
    expect(recencyDecayExponent(1, 0)).toBe(0.25);
  });

  it('recency is floored at 0.1 when a ≥ 0.7', () => {
    // 0.1 · 10001^(−0.3) ≈ 0.0063 < 0.1 → 0.1; with a = 0.69 no floor.
    expect(recencySignal({ hours: 10_000, arousal: 0.8, accessCount: 0, consolidation: 0.1 })).toBe(0.1);
    expect(recencySignal({ hours: 10_000, arousal: 0.69, accessCount: 0, consolidation: 0.1 })).toBeLessThan(0.01);
  });

  it('frequency = 1 − e^(−0.1·accesses)', () => {
    expect(frequencySignal(10)).toBeCloseTo(1 - Math.exp(-1), 12); // ≈ 0.6321206
    expect(frequencySignal(0)).toBe(0);
  });

  const hoursArb = fc.double({ min: 0, max: 1e5, noNaN: true });
  const accessesArb = fc.nat({ max: 1000 });
  const cArb = fc.double({ min: 0.1, max: 1, noNaN: true });

  it('property: recency non-increasing in elapsed time', () => {
    fc.assert(
      fc.property(hoursArb, hoursArb, unit, accessesArb, cArb, (h1, h2, arousal, accessCount, consolidation) => {
        const [early, late] = h1 < h2 ? [h1, h2] : [h2, h1];
        expect(recencySignal({ hours: late, arousal, accessCount, consolidation })).toBeLessThanOrEqual(
          recencySignal({ hours: early, arousal, accessCount, consolidation }) + 1e-12,
        );
      }),
    );
  });

  it('property: recency non-decreasing in accesses', () => {
    fc.assert(
      fc.property(hoursArb, unit, accessesArb, accessesArb, cArb, (hours, arousal, n1, n2, consolidation) => {
        const [few, many] = n1 < n2 ? [n1, n2] : [n2, n1];
        expect(recencySignal({ hours, arousal, accessCount: many, consolidation })).toBeGreaterThanOrEqual(
          recencySignal({ hours, arousal, accessCount: few, consolidation }) - 1e-12,
        );
      }),
    );
  });

  it('property: recency decays slower for higher arousal', () => {
    fc.assert(
      fc.property(hoursArb, unit, unit, accessesArb, cArb, (hours, a1, a2, accessCount, consolidation) => {
        const [calm, aroused] = a1 < a2 ? [a1, a2] : [a2, a1];
        expect(recencyDecayExponent(aroused, accessCount)).toBeLessThanOrEqual(recencyDecayExponent(calm, accessCount));
        expect(recencySignal({ hours, arousal: aroused, accessCount, consolidation })).toBeGreaterThanOrEqual(
          recencySignal({ hours, arousal: calm, accessCount, consolidation }) - 1e-12,
        );
      }),
    );
  });

  it('property: frequency in [0, 1] and non-decreasing', () => {
    fc.assert(
      fc.property(accessesArb, accessesArb, (n1, n2) => {
        const [few, many] = n1 < n2 ? [n1, n2] : [n2, n1];
        expect(frequencySignal(many)).toBeGreaterThanOrEqual(frequencySignal(few));
        expect(frequencySignal(many)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('context signals', () => {
  it('importance · (1 + 0.5·tag overlap), capped at 1', () => {
    const ctx = new Set(['engine']);
    expect(tagOverlap(['engine', 'team'], ctx)).toBe(0.5);
    expect(tagOverlap([], ctx)).toBe(0);
    expect(importanceSignal(0.6, ['Engine', 'team'], ctx)).toBeCloseTo(0.75, 12); // 0.6 × 1.25
    expect(importanceSignal(0.9, ['engine'], ctx)).toBe(1); // 0.9 × 1.5 = 1.35 → 1
  });

  it('priming sums the activations of tagged concepts, capped at 1', () => {
    const primed = new Map([
      ['engine', 0.3],
      ['team', 0.4],
      ['pizza', 0.9],
    ]);
    expect(primingSignal(['engine', 'TEAM', 'team'], primed)).toBeCloseTo(0.7, 12); // duplicates count once
    expect(primingSignal(['engine', 'team', 'pizza'], primed)).toBe(1);
    expect(primingSignal([], primed)).toBe(0);
  });

  it('resonance is the activation, 0 when not reached', () => {
    expect(resonanceSignal(0.42)).toBe(0.42);
    expect(resonanceSignal(undefined)).toBe(0);
  });
});

describe('computeSignals', () => {
  it('priming decays concepts to now (30-min half-life) before summing', () => {
    const nowMs = 10 * 3_600_000;
    const prepared = prepareContext({
      nowMs,
      affect: { valence: 0, arousal: 0.3, dominance: 0.5 },
      mood: { valence: 0, arousal: 0.3, dominance: 0.5 },
      momentum: { dv: 0, da: 0, dd: 0 },
      goals: [],
      primedConcepts: [{ name: 'engine', activation: 0.8, atMs: nowMs - 1_800_000 }],
      contextTags: [],
    });
    const s = computeSignals(
      {
        id: 'm',
        semanticSimilarity: 0.5,
        bm25: 0,
        affect: { valence: 0, arousal: 0.3, dominance: 0.5 },
        moodAtEncoding: { valence: 0, arousal: 0.3, dominance: 0.5 },
        occurredAtMs: nowMs,
        accessCount: 0,
        consolidation: 1,
        importance: 0.5,
        tags: ['engine'],
      },
      prepared,
      { bestBm25: 0, bestEpisodeBm25: 0, cosine: { min: 0.5, max: 0.5 } },
    );
    expect(s.semantic).toBe(0.5);
    expect(s.priming).toBeCloseTo(0.4, 12); // 0.8 halved once
    expect(s.goalRelevance).toBe(0);
    expect(s.resonance).toBe(0);
    expect(s.recency).toBe(1);
    expect(s.episodeLexical).toBe(0);
  });

  it('episodeLexical divides the episode BM25 by the best among the candidates; 0 without one', () => {
    const prepared = prepareContext(baseContext());
    const scale = { bestBm25: 0, bestEpisodeBm25: 8, cosine: { min: 0, max: 1 } };
    expect(computeSignals(baseCandidate('m', { bm25: 0, episodeBm25: 2 }), prepared, scale).episodeLexical).toBe(0.25);
    expect(computeSignals(baseCandidate('m', { bm25: 0 }), prepared, scale).episodeLexical).toBe(0);
    expect(computeSignals(baseCandidate('m', { bm25: 0, episodeBm25: 2 }), prepared, { ...scale, bestEpisodeBm25: 0 }).episodeLexical).toBe(0);
  });

  it('property: every signal is in [0, 1]', () => {
    fc.assert(
      fc.property(fc.array(candidateArb(), { minLength: 1, maxLength: 8 }), contextArb, unit, (candidates, context, resonance) => {
        const prepared = prepareContext(context);
        const scale = candidateScale(candidates);
        for (const c of candidates) {
          const s = computeSignals(c, prepared, scale, resonance);
          for (const name of SIGNAL_NAMES) {
            expect(s[name]).toBeGreaterThanOrEqual(0);
            expect(s[name]).toBeLessThanOrEqual(1);
          }
        }
      }),
    );
  });
});
