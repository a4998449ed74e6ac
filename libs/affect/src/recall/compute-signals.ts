import { goalRelevance } from '../appraisal/goal-appraisal';
import { residueAsOf } from '../dynamics/attention-residue';
import { clamp01 } from '../math/scalar';
import { elapsedHours } from '../math/time';
import type { CoreAffect, Momentum, Mood } from '../types/affect.types';
import type { GoalContext, RecallCandidate, RecallContext, Signals } from '../types/recall.types';
import { affectProximitySignal, emotionalIntensitySignal, momentumAlignmentSignal, moodCongruenceSignal } from './signals/affective-signals';
import { importanceSignal, primingSignal, resonanceSignal } from './signals/context-signals';
import { lexicalSignal, semanticSignal, type CosineRange } from './signals/similarity-signals';
import { frequencySignal, recencySignal } from './signals/temporal-signals';
import { localDate } from '../math/time-of-day';
import type { TimeReference } from '../text/time-references';
import { namedTimeSignal } from './signals/named-time-signal';
import { namesSpeaker, queryNameWords, speakerSignal } from './signals/speaker-signal';
import { circadianCongruenceSignal, sessionContextSignal } from './signals/temporal-state-signals';

/** Per-recall values computed once, not once per candidate. */
export interface PreparedContext {
  readonly nowMs: number;
  readonly affectReference: CoreAffect;
  readonly mood: Mood;
  readonly momentum: Momentum;
  readonly goals: readonly GoalContext[];
  readonly contextTags: ReadonlySet<string>;
  readonly primedActivation: ReadonlyMap<string, number>;
  readonly decayScale: number;
  readonly hourOfDay: number | undefined;
  readonly sessionStartedAtMs: number | undefined;
  /** Whether the query names a speaker, by speaker (a recall's candidates share a few). */
  readonly namesSpeaker: (speaker: string | null | undefined) => boolean;
  readonly timeReferences: readonly TimeReference[];
  readonly timeZone: string | undefined;
}

export function prepareContext(context: RecallContext): PreparedContext {
  return {
    nowMs: context.nowMs,
    affectReference: context.queryAffect ?? context.affect,
    mood: context.mood,
    momentum: context.momentum,
    goals: context.goals,
    contextTags: new Set(context.contextTags.map((t) => t.toLowerCase())),
    primedActivation: new Map(residueAsOf(context.primedConcepts, context.nowMs).map((c) => [c.name, c.activation] as const)),
    decayScale: context.decayScale ?? 1,
    hourOfDay: context.hourOfDay,
    sessionStartedAtMs: context.sessionStartedAtMs,
    namesSpeaker: speakerLookup(queryNameWords(context.queryWords ?? [])),
    timeReferences: context.timeReferences ?? [],
    timeZone: context.timeZone,
  };
}

function speakerLookup(queryWords: ReadonlySet<string>): (speaker: string | null | undefined) => boolean {
  const known = new Map<string, boolean>();
  return (speaker) => {
    if (speaker === null || speaker === undefined || queryWords.size === 0) return false;
    let named = known.get(speaker);
    if (named === undefined) {
      named = namesSpeaker(speaker, queryWords);
      known.set(speaker, named);
    }
    return named;
  };
}

/** Hours since the memory last happened or was recalled, whichever is later. */
export function hoursSinceLastUse(candidate: RecallCandidate, nowMs: number): number {
  return elapsedHours(Math.max(candidate.occurredAtMs, candidate.lastAccessedAtMs ?? -Infinity), nowMs);
}

/** What the similarity signals of one set of candidates are relative to. */
export interface CandidateScale {
  /** Largest BM25 among the candidates (the lexical signal's denominator). */
  readonly bestBm25: number;
  /** Largest episode BM25 among the candidates (the episodeLexical signal's denominator). */
  readonly bestEpisodeBm25: number;
  /** Their clamped cosines' range (the semantic signal's scale). */
  readonly cosine: CosineRange;
}

/** The scale of the candidates scored together (pass 1: the pool; pass 2: the pool and the memories spreading joined). */
export function candidateScale(candidates: readonly RecallCandidate[]): CandidateScale {
  let best = 0;
  let bestEpisode = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const c of candidates) {
    if (c.bm25 > best) best = c.bm25;
    if ((c.episodeBm25 ?? 0) > bestEpisode) bestEpisode = c.episodeBm25 ?? 0;
    const cosine = clamp01(c.semanticSimilarity);
    if (cosine < min) min = cosine;
    if (cosine > max) max = cosine;
  }
  return { bestBm25: best, bestEpisodeBm25: bestEpisode, cosine: candidates.length === 0 ? { min: 0, max: 0 } : { min, max } };
}

/** All seventeen signals of one candidate, each in [0, 1]. `resonance` is 0 in pass 1. */
export function computeSignals(candidate: RecallCandidate, context: PreparedContext, scale: CandidateScale, resonance?: number): Signals {
  const similarities = candidate.goalSimilarities;
  return {
    semantic: semanticSignal(candidate.semanticSimilarity, scale.cosine),
    lexical: lexicalSignal(candidate.bm25, scale.bestBm25),
    moodCongruence: moodCongruenceSignal(context.mood, candidate.moodAtEncoding),
    affectProximity: affectProximitySignal(context.affectReference, candidate.affect),
    momentumAlignment: momentumAlignmentSignal(context.momentum, candidate.momentumAtEncoding),
    recency: recencySignal({
      hours: hoursSinceLastUse(candidate, context.nowMs),
      arousal: candidate.affect.arousal,
      accessCount: candidate.accessCount,
      consolidation: candidate.consolidation,
      decayScale: context.decayScale,
    }),
    frequency: frequencySignal(candidate.accessCount),
    importance: importanceSignal(candidate.importance, candidate.tags, context.contextTags),
    emotionalIntensity: emotionalIntensitySignal(candidate.affect),
    goalRelevance: context.goals.length === 0 ? 0 : goalRelevance(context.goals.map((g) => ({ priority: g.priority, similarity: similarities?.[g.id] ?? 0 }))),
    priming: primingSignal(candidate.tags, context.primedActivation),
    resonance: resonanceSignal(resonance),
    circadianCongruence: circadianCongruenceSignal(context.hourOfDay, candidate.hourOfDay),
    sessionContext: sessionContextSignal({
      currentSessionStartedAtMs: context.sessionStartedAtMs,
      memorySessionStartedAtMs: candidate.sessionStartedAtMs,
      encodedAtMs: candidate.encodedAtMs ?? candidate.occurredAtMs,
      nowMs: context.nowMs,
    }),
    speaker: speakerSignal(context.namesSpeaker(candidate.speaker)),
    // The memory's calendar date only when the query names a time: most never do.
    namedTime: context.timeReferences.length === 0 ? 0 : namedTimeSignal(localDate(candidate.occurredAtMs, context.timeZone), context.timeReferences),
    episodeLexical: lexicalSignal(candidate.episodeBm25 ?? 0, scale.bestEpisodeBm25),
  };
}
