import fc from 'fast-check';
import { affectArb, rawWeightsArb, signalsArb, sumOf } from '../testing/arbitraries';
import { PROFILE_NAMES, QUERY_TYPES, SIGNAL_NAMES } from '../types/recall.types';
import type { Weights } from '../types/recall.types';
import { applyFeedback } from './feedback';
import { adaptWeightsToMood, moodGates } from './mood-adaptive-weights';
import { PROFILES, ROUTED_WEIGHTS, profileWeights } from './profiles';
import { routedWeights } from './query-classifier';
import { resolveWeights } from './resolve-weights';
import { normaliseWeights, signalStride, sumWeights, weightedScore, weightedSignals, weightsFrom, weightsFromArray, weightsToArray } from './weights';

function expectValid(w: Weights): void {
  for (const name of SIGNAL_NAMES) {
    expect(w[name]).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(w[name])).toBe(true);
  }
  expect(sumOf(w)).toBeCloseTo(1, 9);
}

describe('profiles', () => {
  it('every profile and routed weight set is valid', () => {
    for (const p of PROFILE_NAMES) expectValid(profileWeights(p));
    for (const q of QUERY_TYPES) expectValid(routedWeights(q));
  });

  it('DESIGN values, missing signals 0', () => {
    expect(PROFILES.affective.moodCongruence).toBe(0.25);
    // DESIGN's affective semantic .35, split between meaning and words (profiles.ts).
    expect(PROFILES.affective.semantic + PROFILES.affective.lexical).toBeCloseTo(0.35, 12);
    expect(PROFILES.affective.lexical).toBe(PROFILES.affective.semantic);
    expect(PROFILES.salience.emotionalIntensity).toBe(0.25);
    // DESIGN's state profile with temporal state taken in (profiles.ts).
    expect(PROFILES.state.goalRelevance).toBe(0.18);
    expect(PROFILES.state.circadianCongruence + PROFILES.state.sessionContext).toBeCloseTo(0.15, 12);
    // Fact-seeking routes start from balanced, which gives temporal state nothing.
    expect(PROFILES.balanced.circadianCongruence).toBe(0);
    expect(PROFILES.balanced.sessionContext).toBe(0);
    expect(PROFILES.semantic.semantic).toBe(1);
    expect(PROFILES.lexical.lexical).toBe(1);
    // balanced is written as parts of 1.3 (profiles.ts).
    expect(PROFILES.balanced.semantic + PROFILES.balanced.lexical).toBeCloseTo(0.4 / 1.3, 12);
    // The signals a query's names give weigh in balanced and its routes only; DESIGN's named profiles leave them at 0.
    expect(PROFILES.balanced.speaker).toBeCloseTo(0.12 / 1.3, 12);
    expect(PROFILES.balanced.namedTime).toBeCloseTo(0.2 / 1.3, 12);
    expect(PROFILES.balanced.episodeLexical).toBeCloseTo(0.1 / 1.3, 12);
    for (const name of ['affective', 'salience', 'state', 'semantic', 'lexical'] as const) {
      expect(PROFILES[name].speaker).toBe(0);
      expect(PROFILES[name].namedTime).toBe(0);
      expect(PROFILES[name].episodeLexical).toBe(0);
    }
    expect(ROUTED_WEIGHTS.affective.speaker).toBe(PROFILES.balanced.speaker);
    expect(ROUTED_WEIGHTS.affective.moodCongruence).toBeCloseTo(PROFILES.balanced.moodCongruence + 0.07, 12);
  });

  it('fact-seeking routes start from balanced without its mood and affect weights; open queries keep them', () => {
    for (const type of ['factual', 'temporal', 'multi-hop'] as const) {
      const w = ROUTED_WEIGHTS[type];
      expect([w.moodCongruence, w.affectProximity]).toEqual([0, 0]);
      const kept = 1 - PROFILES.balanced.moodCongruence - PROFILES.balanced.affectProximity;
      expect(w.semantic).toBeCloseTo(PROFILES.balanced.semantic / kept, 12);
      expect(w.speaker).toBeCloseTo(PROFILES.balanced.speaker / kept, 12);
    }
    expect(ROUTED_WEIGHTS.open).toBe(PROFILES.balanced);
    expect(ROUTED_WEIGHTS.affective.moodCongruence).toBeGreaterThan(PROFILES.balanced.moodCongruence);
  });

  it('every profile and route sums to 1', () => {
    for (const w of [...Object.values(PROFILES), ...Object.values(ROUTED_WEIGHTS)]) expect(sumWeights(w)).toBeCloseTo(1, 12);
  });
});

describe('weights helpers', () => {
  it('normalise clips negatives and NaN, falls back when nothing is positive', () => {
    const w = normaliseWeights({ semantic: 3, lexical: 1, recency: -2, priming: Number.NaN }, PROFILES.balanced);
    expect(w.semantic).toBe(0.75);
    expect(w.lexical).toBe(0.25);
    expect(w.recency).toBe(0);
    expect(w.priming).toBe(0);
    expect(normaliseWeights({ semantic: 0 }, PROFILES.balanced)).toBe(PROFILES.balanced);
    expect(normaliseWeights({ semantic: Infinity }, PROFILES.balanced)).toBe(PROFILES.balanced);
  });

  it('sumWeights treats missing signals as 0', () => {
    expect(sumWeights({ semantic: 0.25, lexical: 0.5 })).toBe(0.75);
  });

  it('weighted score and breakdown', () => {
    const signals = weightsFrom({ semantic: 0.8, lexical: 0.5 });
    const w = weightsFrom({ semantic: 0.6, lexical: 0.4 });
    expect(weightedScore(signals, w)).toBeCloseTo(0.68, 12); // 0.48 + 0.2
    expect(weightedSignals(signals, w).lexical).toBeCloseTo(0.2, 12);
  });

  it('array round trip in SIGNAL_NAMES order', () => {
    const arr = weightsToArray(PROFILES.affective);
    expect(arr).toHaveLength(17);
    expect(arr[0]).toBe(0.175);
    expect(weightsFromArray(arr, PROFILES.balanced)).toEqual(PROFILES.affective);
    expect(weightsFromArray([1, 2], PROFILES.balanced)).toBe(PROFILES.balanced);
    // Arrays stored before temporal state: twelve entries, the two new signals read as 0.
    const legacy = weightsFromArray(weightsToArray(PROFILES.state).slice(0, 12), PROFILES.balanced);
    expect(legacy.circadianCongruence).toBe(0);
    expect(legacy.sessionContext).toBe(0);
    expect(legacy.semantic).toBeCloseTo(0.3 / 0.85, 12);
    expect(signalStride(24, 2)).toBe(12);
    expect(signalStride(28, 2)).toBe(14);
    expect(signalStride(30, 2)).toBe(15);
    expect(signalStride(32, 2)).toBe(16);
    expect(signalStride(34, 2)).toBe(17);
    // Arrays stored before episodeLexical: sixteen entries, it reads as 0 and the rest keep their ratios.
    const sixteen = weightsFromArray(weightsToArray(PROFILES.balanced).slice(0, 16), PROFILES.state);
    expect(sixteen.episodeLexical).toBe(0);
    expect(sixteen.semantic / sixteen.resonance).toBeCloseTo(PROFILES.balanced.semantic / PROFILES.balanced.resonance, 12);
    // Arrays stored before the speaker signal: fourteen entries, speaker reads as 0.
    const before = weightsFromArray(weightsToArray(PROFILES.state).slice(0, 14), PROFILES.balanced);
    for (const name of SIGNAL_NAMES) expect(before[name]).toBeCloseTo(PROFILES.state[name], 12);
    expect(weightsFromArray(weightsToArray(PROFILES.balanced).slice(0, 13), PROFILES.state)).toBe(PROFILES.state);
  });
});

describe('mood-adaptive weights', () => {
  it('hand-computed: the affective weights of DESIGN, mood (−0.5, 0.7, 0.5)', () => {
    // Gates: negative σ(0) = .5, high arousal σ(0) = .5, calm σ(5·(0.3 − 0.7))·(1 − .5) = σ(−2)·.5 ≈ .0596015.
    // semantic .35 → mood/affect .075 (half each) → momentum .05 → semantic .225;
    // pool = .2875 + .1875 + .15 = .625, calm moves .00596015 back: factor 1 − .00596015/.625.
    const mood = { valence: -0.5, arousal: 0.7, dominance: 0.5 };
    const g = moodGates(mood);
    expect(g.negative).toBeCloseTo(0.5, 12);
    expect(g.highArousal).toBeCloseTo(0.5, 12);
    expect(g.calm).toBeCloseTo(0.0596015, 6);
    const designAffective = weightsFrom({ semantic: 0.35, moodCongruence: 0.25, affectProximity: 0.15, momentumAlignment: 0.1, recency: 0.1, resonance: 0.05 });
    const w = adaptWeightsToMood(designAffective, mood);
    const f = 1 - 0.00596015 / 0.625;
    expect(w.semantic).toBeCloseTo(0.225 + 0.00596015, 6);
    expect(w.moodCongruence).toBeCloseTo(0.2875 * f, 6);
    expect(w.affectProximity).toBeCloseTo(0.1875 * f, 6);
    expect(w.momentumAlignment).toBeCloseTo(0.15 * f, 6);
    expect(w.recency).toBeCloseTo(0.1, 12);
    expectValid(w);
  });

  it('a calm neutral mood only moves weight toward semantic', () => {
    const w = adaptWeightsToMood(PROFILES.balanced, { valence: 0, arousal: 0.1, dominance: 0.5 });
    expect(w.semantic).toBeGreaterThan(PROFILES.balanced.semantic);
    expect(w.moodCongruence).toBeLessThan(PROFILES.balanced.moodCongruence);
  });

  it('moves nothing out of an empty semantic weight', () => {
    expect(adaptWeightsToMood(PROFILES.lexical, { valence: -1, arousal: 1, dominance: 0 })).toEqual(PROFILES.lexical);
  });

  it('property: non-negative and summing to 1 after any adaptation', () => {
    fc.assert(
      fc.property(rawWeightsArb, affectArb, (raw, mood) => {
        expectValid(adaptWeightsToMood(normaliseWeights(raw, PROFILES.balanced), mood));
      }),
    );
  });
});

describe('feedback learning', () => {
  it('hand-computed: w_i += 0.05 · 1 · f_i, renormalised', () => {
    // Only semantic = 1: semantic .2/1.3 + .05, total 1.05 → (.2/1.3 + .05)/1.05; lexical (.2/1.3)/1.05.
    const w = applyFeedback(PROFILES.balanced, weightsFrom({ semantic: 1 }), 1);
    expect(w.semantic).toBeCloseTo((0.2 / 1.3 + 0.05) / 1.05, 12);
    expect(w.lexical).toBeCloseTo(0.2 / 1.3 / 1.05, 12);
  });

  it('negative feedback lowers the contributing weights; all-zero keeps the old weights', () => {
    const w = applyFeedback(PROFILES.balanced, weightsFrom({ semantic: 1 }), -1);
    expect(w.semantic).toBeLessThan(PROFILES.balanced.semantic);
    expect(applyFeedback(PROFILES.semantic, weightsFrom({ semantic: 1 }), -1, 1)).toBe(PROFILES.semantic);
  });

  it('property: any sequence of feedback, routing and adaptation keeps weights valid', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('feedback' as const), signals: signalsArb, feedback: fc.double({ min: -3, max: 3, noNaN: true }) }),
      fc.record({ kind: fc.constant('mood' as const), mood: affectArb }),
      fc.record({ kind: fc.constant('route' as const), type: fc.constantFrom(...QUERY_TYPES) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let w: Weights = PROFILES.balanced;
        for (const s of steps) {
          if (s.kind === 'feedback') w = applyFeedback(w, s.signals, s.feedback);
          else if (s.kind === 'mood') w = adaptWeightsToMood(w, s.mood);
          else w = ROUTED_WEIGHTS[s.type];
          expectValid(w);
        }
      }),
    );
  });
});

describe('resolveWeights', () => {
  const calm = { valence: 0, arousal: 0.3, dominance: 0.5 };

  it('an override is final: normalised, not adapted', () => {
    const r = resolveWeights({ mood: { valence: -1, arousal: 1, dominance: 0 }, override: { semantic: 2, recency: 2 }, profile: 'affective' });
    expect(r.source).toBe('override');
    expect(r.weights).toEqual(weightsFrom({ semantic: 0.5, recency: 0.5 }));
    expect(resolveWeights({ mood: calm, override: {} }).weights).toBe(PROFILES.balanced);
  });

  it('precedence: profile → routed (shifted by learning for that type) → balanced, then mood adaptation', () => {
    const learned = { temporal: { ...weightsFrom({}), recency: 0.2, resonance: -0.2 } };
    expect(resolveWeights({ mood: calm, profile: 'salience', learned, queryType: 'temporal' }).source).toBe('profile');
    expect(resolveWeights({ mood: calm, learned, queryType: 'temporal' }).source).toBe('learned');
    expect(resolveWeights({ mood: calm, learned, queryType: 'temporal' }).weights.recency).toBeCloseTo(ROUTED_WEIGHTS.temporal.recency + 0.2, 12);
    // Learning for one type leaves the others routed.
    expect(resolveWeights({ mood: calm, learned, queryType: 'factual' })).toEqual({ weights: ROUTED_WEIGHTS.factual, source: 'routed' });
    expect(resolveWeights({ mood: calm, queryType: 'temporal' }).source).toBe('routed');
    const d = resolveWeights({ mood: calm });
    expect(d.source).toBe('default');
    expect(d.weights).toEqual(adaptWeightsToMood(PROFILES.balanced, calm));
    expect(resolveWeights({ mood: calm, adaptToMood: false }).weights).toBe(PROFILES.balanced);
  });

  it('fact-seeking queries are not mood-adapted unless a profile is named', () => {
    const aroused = { valence: 0.8, arousal: 0.85, dominance: 0.5 };
    for (const queryType of ['factual', 'temporal', 'multi-hop'] as const) {
      expect(resolveWeights({ mood: aroused, queryType }).weights).toBe(ROUTED_WEIGHTS[queryType]);
      expect(resolveWeights({ mood: aroused, queryType, profile: 'balanced' }).weights).toEqual(adaptWeightsToMood(PROFILES.balanced, aroused));
    }
    expect(resolveWeights({ mood: aroused, queryType: 'open' }).weights).toEqual(adaptWeightsToMood(ROUTED_WEIGHTS.open, aroused));
    expect(resolveWeights({ mood: aroused, queryType: 'affective' }).weights.momentumAlignment).toBeGreaterThan(0);
  });

  it('baseline profiles are never adapted', () => {
    const dark = { valence: -1, arousal: 1, dominance: 0 };
    expect(resolveWeights({ mood: dark, profile: 'semantic' }).weights).toBe(PROFILES.semantic);
    expect(resolveWeights({ mood: dark, profile: 'lexical' }).weights).toBe(PROFILES.lexical);
    expect(resolveWeights({ mood: dark, profile: 'balanced' }).weights.semantic).toBeLessThan(PROFILES.balanced.semantic);
  });
});
