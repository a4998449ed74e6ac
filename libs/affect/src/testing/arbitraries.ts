// fast-check arbitraries shared by the specs (not exported from the barrel).
import fc from 'fast-check';
import { timeReferences } from '../text/time-references';
import { SIGNAL_NAMES } from '../types/recall.types';
import type { CoreAffect, Momentum, PrimedConcept } from '../types/affect.types';
import type { RecallCandidate, RecallContext, SignalName, Signals, Weights } from '../types/recall.types';

export const NOW_MS = Date.UTC(2025, 0, 15, 12);
const HOUR = 3_600_000;

export const unit = fc.double({ min: 0, max: 1, noNaN: true });
export const signed = fc.double({ min: -1, max: 1, noNaN: true });

export const affectArb: fc.Arbitrary<CoreAffect> = fc.record({ valence: signed, arousal: unit, dominance: unit });

export const momentumArb: fc.Arbitrary<Momentum> = fc.record({
  dv: fc.double({ min: -5, max: 5, noNaN: true }),
  da: fc.double({ min: -5, max: 5, noNaN: true }),
  dd: fc.double({ min: -5, max: 5, noNaN: true }),
});

const tagArb = fc.constantFrom('engine', 'outage', 'pizza', 'team', 'database', 'release');

export const primedArb: fc.Arbitrary<PrimedConcept> = fc.record({
  name: tagArb,
  activation: unit,
  atMs: fc.integer({ min: NOW_MS - 10 * HOUR, max: NOW_MS }),
});

export const candidateArb = (id: fc.Arbitrary<string> = fc.string({ minLength: 1, maxLength: 6 })): fc.Arbitrary<RecallCandidate> =>
  fc.record(
    {
      id,
      semanticSimilarity: signed,
      bm25: fc.double({ min: 0, max: 30, noNaN: true }),
      episodeBm25: fc.double({ min: 0, max: 60, noNaN: true }),
      affect: affectArb,
      moodAtEncoding: affectArb,
      momentumAtEncoding: momentumArb,
      occurredAtMs: fc.integer({ min: NOW_MS - 24 * 400 * HOUR, max: NOW_MS + HOUR }),
      lastAccessedAtMs: fc.integer({ min: NOW_MS - 24 * 400 * HOUR, max: NOW_MS }),
      accessCount: fc.nat({ max: 500 }),
      consolidation: fc.double({ min: 0.1, max: 1, noNaN: true }),
      importance: unit,
      tags: fc.array(tagArb, { maxLength: 4 }),
      goalSimilarities: fc.record({ g1: signed, g2: signed }),
      speaker: fc.constantFrom(null, 'Caroline', 'the user', 'Melanie Ortiz'),
    },
    { requiredKeys: ['id', 'semanticSimilarity', 'bm25', 'affect', 'moodAtEncoding', 'occurredAtMs', 'accessCount', 'consolidation', 'importance', 'tags'] },
  );

export const contextArb: fc.Arbitrary<RecallContext> = fc.record(
  {
    nowMs: fc.constant(NOW_MS),
    affect: affectArb,
    queryAffect: affectArb,
    mood: affectArb,
    momentum: momentumArb,
    goals: fc.subarray([
      { id: 'g1', priority: 1 },
      { id: 'g2', priority: 0.4 },
    ]),
    primedConcepts: fc.array(primedArb, { maxLength: 5 }),
    contextTags: fc.array(tagArb, { maxLength: 3 }),
    queryWords: fc.array(fc.constantFrom('what', 'did', 'caroline', 'user', "melanie's", 'ortiz'), { maxLength: 4 }),
    timeReferences: fc.constantFrom([], timeReferences('in June'), timeReferences('on January 14, 2025'), timeReferences('in 2024 or winter 2024')),
    timeZone: fc.constantFrom('UTC', 'America/New_York', 'Asia/Tokyo'),
  },
  { requiredKeys: ['nowMs', 'affect', 'mood', 'momentum', 'goals', 'primedConcepts', 'contextTags'] },
);

export const signalsArb: fc.Arbitrary<Signals> = fc.record(
  Object.fromEntries(SIGNAL_NAMES.map((n) => [n, unit])) as Record<SignalName, fc.Arbitrary<number>>,
);

/** Raw non-negative weights (not normalised). */
export const rawWeightsArb: fc.Arbitrary<Weights> = fc.record(
  Object.fromEntries(SIGNAL_NAMES.map((n) => [n, fc.double({ min: 0, max: 5, noNaN: true })])) as Record<SignalName, fc.Arbitrary<number>>,
);

export function sumOf(weights: Weights): number {
  return SIGNAL_NAMES.reduce((s, n) => s + weights[n], 0);
}

/** A neutral, recent, unremarkable candidate to build scenarios from. */
export function baseCandidate(id: string, overrides: Partial<RecallCandidate> = {}): RecallCandidate {
  return {
    id,
    semanticSimilarity: 0.5,
    bm25: 0,
    affect: { valence: 0, arousal: 0.3, dominance: 0.5 },
    moodAtEncoding: { valence: 0, arousal: 0.3, dominance: 0.5 },
    momentumAtEncoding: { dv: 0, da: 0, dd: 0 },
    occurredAtMs: NOW_MS - 2 * HOUR,
    accessCount: 0,
    consolidation: 0.8,
    importance: 0.5,
    tags: [],
    ...overrides,
  };
}

export function baseContext(overrides: Partial<RecallContext> = {}): RecallContext {
  return {
    nowMs: NOW_MS,
    affect: { valence: 0, arousal: 0.3, dominance: 0.5 },
    mood: { valence: 0, arousal: 0.3, dominance: 0.5 },
    momentum: { dv: 0, da: 0, dd: 0 },
    goals: [],
    primedConcepts: [],
    contextTags: [],
    ...overrides,
  };
}
