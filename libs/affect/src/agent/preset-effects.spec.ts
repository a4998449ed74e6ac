// Every parameter a preset defines changes behaviour, in its documented direction; the
// `agent` preset changes nothing the default recall path used before presets applied.
import fc from 'fast-check';
import { blendAppraisedAffect, blendGivenAffect } from '../appraisal/appraisal-to-affect';
import { MOOD, RECALL, SPREADING } from '../constants';
import { conceptsToPrime, decayResidue, residueAsOf } from '../dynamics/attention-residue';
import { memoryStrength, nextReviewAt, reviewIntervalHours, reviewMemory } from '../graph/spaced-review';
import { energySearchBreadth } from '../recall/energy-effects';
import { PROFILES, ROUTED_WEIGHTS } from '../recall/profiles';
import { withLearned, type WeightAdjustment } from '../recall/learned-weights';
import { presetStart, resolveWeights } from '../recall/resolve-weights';
import { rankPass2, scorePass1, scorePass2 } from '../recall/score';
import { recencySignal } from '../recall/signals/temporal-signals';
import { affectArb, candidateArb, contextArb, NOW_MS, primedArb, unit } from '../testing/arbitraries';
import { QUERY_TYPES, SIGNAL_NAMES } from '../types/recall.types';
import { DEFAULT_ENERGY_RATES } from '../dynamics/energy';
import { PRESET_NAMES, PRESETS } from './presets';

const H = 3_600_000;

describe('the agent preset is the default path', () => {
  it('balanced weights, DESIGN decay, 2 hops from 10 seeds, DESIGN review pace and inertia, default energy rates', () => {
    const p = PRESETS.agent;
    expect(p.profile).toBe('balanced');
    expect(p.decayScale).toBe(1);
    expect(p.spread).toEqual({ hops: SPREADING.defaultHops, seeds: RECALL.defaultSeeds });
    expect(p.reviewPace).toBe(1);
    expect(p.moodInertia).toBe(MOOD.inertia);
    expect(p.energy).toEqual(DEFAULT_ENERGY_RATES);
  });

  it('property: resolveWeights with the agent preset’s profile is resolveWeights without one', () => {
    fc.assert(
      fc.property(affectArb, fc.option(fc.constantFrom(...QUERY_TYPES), { nil: undefined }), (mood, queryType) => {
        const base = { mood, ...(queryType ? { queryType } : {}) };
        expect(resolveWeights({ ...base, presetProfile: PRESETS.agent.profile })).toEqual(resolveWeights(base));
      }),
    );
  });
});

describe('starting profile', () => {
  it('replaces balanced for open and unclassified queries only; fact-seeking and affective ones keep their route', () => {
    const mood = { valence: 0, arousal: 0.3, dominance: 0.5 };
    expect(resolveWeights({ mood, queryType: 'open', presetProfile: 'salience' }).source).toBe('preset');
    expect(resolveWeights({ mood, presetProfile: 'affective' }).source).toBe('preset');
    for (const queryType of ['factual', 'temporal', 'multi-hop'] as const) {
      const r = resolveWeights({ mood, queryType, presetProfile: 'salience' });
      expect(r).toEqual({ weights: ROUTED_WEIGHTS[queryType], source: 'routed' });
    }
    expect(resolveWeights({ mood, queryType: 'affective', presetProfile: 'salience' }).source).toBe('routed');
    expect(presetStart('salience', 'open')).toBe(PROFILES.salience);
  });

  it('a named profile and an override come first; learning shifts the preset start of the type it taught', () => {
    const mood = { valence: 0, arousal: 0.3, dominance: 0.5 };
    expect(resolveWeights({ mood, queryType: 'open', presetProfile: 'salience', profile: 'state' }).source).toBe('profile');
    const adjustment = Object.fromEntries(SIGNAL_NAMES.map((name) => [name, name === 'semantic' ? 0.1 : 0])) as WeightAdjustment;
    const learned = resolveWeights({ mood, queryType: 'open', presetProfile: 'salience', learned: { open: adjustment }, adaptToMood: false });
    expect(learned).toEqual({ weights: withLearned(PROFILES.salience, adjustment), source: 'learned' });
    expect(learned.weights.semantic).toBeGreaterThan(PROFILES.salience.semantic);
    // Learning on open queries leaves factual ones routed.
    expect(resolveWeights({ mood, queryType: 'factual', presetProfile: 'salience', learned: { open: adjustment } }).source).toBe('routed');
    expect(resolveWeights({ mood, queryType: 'open', presetProfile: 'salience', override: { semantic: 1 } }).source).toBe('override');
  });
});

describe('decay scale', () => {
  it('property: a larger scale never raises recency, and scale 1 is DESIGN’s formula', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        unit,
        fc.nat(50),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
        fc.double({ min: 0.05, max: 4, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        (hours, arousal, accessCount, consolidation, s, k) => {
          const at = (decayScale?: number) => recencySignal({ hours, arousal, accessCount, consolidation, ...(decayScale !== undefined ? { decayScale } : {}) });
          expect(at(s * k)).toBeLessThanOrEqual(at(s) + 1e-12);
          expect(at(1)).toBe(at());
        },
      ),
    );
  });

  it('ranks an older memory relatively lower under faster decay (npc) than under slower (enterprise)', () => {
    const input = { arousal: 0.2, accessCount: 0, consolidation: 1 };
    const ratio = (decayScale: number) => recencySignal({ ...input, hours: 24 * 30, decayScale }) / recencySignal({ ...input, hours: 1, decayScale });
    expect(ratio(PRESETS.npc.decayScale)).toBeLessThan(ratio(PRESETS.agent.decayScale));
    expect(ratio(PRESETS.agent.decayScale)).toBeLessThan(ratio(PRESETS.enterprise.decayScale));
    // The review's archive test decays the same way.
    const strength = (decayScale: number) => memoryStrength({ hoursSinceLastUse: 24 * 365, arousal: 0.2, accessCount: 0, consolidation: 0.4, importance: 0.2, decayScale });
    expect(strength(PRESETS.npc.decayScale)).toBeLessThan(strength(PRESETS.academic.decayScale));
  });
});

describe('review pace', () => {
  it('property: intervals scale with the pace; pace 1 is DESIGN’s schedule', () => {
    fc.assert(
      fc.property(fc.nat(10), fc.double({ min: 1, max: 50, noNaN: true }), fc.double({ min: 0.1, max: 4, noNaN: true }), (count, stability, pace) => {
        expect(reviewIntervalHours(count, stability, pace)).toBeCloseTo(pace * reviewIntervalHours(count, stability), 9);
        expect(reviewIntervalHours(count, stability, 1)).toBe(reviewIntervalHours(count, stability));
      }),
    );
  });

  it('npc reviews sooner, academic later, after encoding and after a review', () => {
    const first = (name: keyof typeof PRESETS) => nextReviewAt(0, 0, 1, PRESETS[name].reviewPace);
    expect(first('npc')).toBe(0.75 * H);
    expect(first('agent')).toBe(H);
    expect(first('academic')).toBe(2 * H);
    const review = (name: keyof typeof PRESETS) =>
      reviewMemory({ stability: 1, reviewCount: 0, nextReviewAtMs: 0 }, { arousal: 0.5, importance: 0.5, accessCount: 0 }, 0, PRESETS[name].reviewPace).nextReviewAtMs;
    expect(review('npc')).toBeLessThan(review('agent'));
    expect(review('agent')).toBeLessThan(review('academic'));
  });
});

describe('spreading breadth', () => {
  it('each preset’s base hops and seeds, widened or narrowed by energy, stay in range; academic reaches furthest', () => {
    fc.assert(
      fc.property(unit, fc.constantFrom(...PRESET_NAMES), (energy, name) => {
        const b = energySearchBreadth(energy, PRESETS[name].spread);
        expect(b.hops).toBeGreaterThanOrEqual(SPREADING.minHops);
        expect(b.hops).toBeLessThanOrEqual(SPREADING.maxHops);
        expect(b.seeds).toBeGreaterThanOrEqual(1);
        const academic = energySearchBreadth(energy, PRESETS.academic.spread);
        const enterprise = energySearchBreadth(energy, PRESETS.enterprise.spread);
        expect(academic.hops).toBeGreaterThan(enterprise.hops);
        expect(academic.seeds).toBeGreaterThanOrEqual(enterprise.seeds);
      }),
    );
    expect(energySearchBreadth(1, PRESETS.agent.spread)).toEqual(energySearchBreadth(1));
  });
});

describe('energy cut count', () => {
  it('property: rankPass2 ranks as scorePass2 and counts what the cut took from the top K', () => {
    fc.assert(
      fc.property(fc.uniqueArray(candidateArb(), { selector: (c) => c.id, minLength: 1, maxLength: 20 }), contextArb, unit, fc.integer({ min: 1, max: 25 }), (pool, context, energy, topK) => {
        const pass1 = scorePass1(pool, context, PROFILES.balanced);
        const input = { pool, activated: [], activations: new Map(), pass1, context, weights: PROFILES.balanced, topK };
        const cut = rankPass2({ ...input, energy });
        const full = rankPass2(input);
        expect(cut.ranked).toEqual(scorePass2({ ...input, energy }));
        expect(full.energyCut).toBe(0);
        expect(cut.ranked.length + cut.energyCut).toBe(full.ranked.length);
        expect(rankPass2({ ...input, energy: 1 }).energyCut).toBe(0);
      }),
    );
  });
});

describe('priming from observe and encode', () => {
  it('property: conceptsToPrime is bounded, lower-cased, drawn from the items, and a single item keeps its order', () => {
    const word = fc.constantFrom('Deploy', 'pipeline', 'kubernetes', 'cat', 'garden', 'invoice', 'lyon', 'piano', 'tomato');
    fc.assert(
      fc.property(fc.array(fc.array(word, { maxLength: 8 }), { maxLength: 10 }), fc.integer({ min: 0, max: 12 }), (items, max) => {
        const out = conceptsToPrime(items, max);
        const all = new Set(items.flat().map((w) => w.toLowerCase()));
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out.length).toBe(Math.min(max, all.size));
        for (const c of out) expect(all.has(c)).toBe(true);
        expect(new Set(out).size).toBe(out.length);
      }),
    );
    expect(conceptsToPrime([['kubernetes', 'cluster', 'node']])).toEqual(['kubernetes', 'cluster', 'node']);
    // A batch primes what it mentions most.
    expect(conceptsToPrime([['billing', 'cat'], ['billing', 'dog'], ['billing', 'cat']], 2)).toEqual(['billing', 'cat']);
  });

  it('property: a recall sees no residue primed after its `now`, and all of it primed before', () => {
    fc.assert(
      fc.property(fc.array(primedArb, { maxLength: 10 }), fc.integer({ min: NOW_MS - 10 * H, max: NOW_MS }), (residue, now) => {
        const seen = residueAsOf(residue, now);
        expect(seen).toEqual(decayResidue(residue.filter((c) => c.atMs <= now), now));
        expect(residueAsOf(residue, NOW_MS)).toEqual(decayResidue(residue, NOW_MS));
      }),
    );
  });
});

describe('explicit affect', () => {
  it('property: trust 1 keeps the given affect; trust 0.3 equals the inferred blend; any trust lies between', () => {
    fc.assert(
      fc.property(affectArb, affectArb, unit, (given, appraised, trust) => {
        expect(blendGivenAffect(given, appraised, 1)).toEqual(given);
        expect(blendGivenAffect(given, appraised)).toEqual(given);
        const inferred = blendAppraisedAffect(given, appraised);
        const asInferred = blendGivenAffect(given, appraised, 0.3);
        expect(asInferred.valence).toBeCloseTo(inferred.valence, 9);
        expect(asInferred.arousal).toBeCloseTo(inferred.arousal, 9);
        const b = blendGivenAffect(given, appraised, trust);
        for (const k of ['valence', 'arousal', 'dominance'] as const) {
          expect(b[k]).toBeGreaterThanOrEqual(Math.min(given[k], appraised[k]) - 1e-12);
          expect(b[k]).toBeLessThanOrEqual(Math.max(given[k], appraised[k]) + 1e-12);
        }
      }),
    );
  });
});
