import type { TimeReference } from '../text/time-references';
import type { CoreAffect, Momentum, Mood, PrimedConcept } from './affect.types';

/**
 * The twelve recall signals of DESIGN §4, in display order, then the two of temporal state, then
 * the two a query's names give (speaker, namedTime), then the query's words in the memory's
 * episode (episodeLexical). Stored arrays follow this order; each addition comes last so that
 * arrays written before it read as the same weights with it at 0.
 */
export const SIGNAL_NAMES = [
  'semantic',
  'lexical',
  'moodCongruence',
  'affectProximity',
  'momentumAlignment',
  'recency',
  'frequency',
  'importance',
  'emotionalIntensity',
  'goalRelevance',
  'priming',
  'resonance',
  'circadianCongruence',
  'sessionContext',
  'speaker',
  'namedTime',
  'episodeLexical',
] as const;

/**
 * Widths of signal arrays stored by earlier versions, each a prefix of SIGNAL_NAMES: twelve
 * before temporal state, fourteen before the speaker signal, fifteen before namedTime, sixteen
 * before episodeLexical. Signals an array lacks read as 0.
 */
export const LEGACY_SIGNAL_COUNTS: readonly number[] = [12, 14, 15, 16];

export type SignalName = (typeof SIGNAL_NAMES)[number];

/** One value in [0, 1] per signal. */
export type Signals = Readonly<Record<SignalName, number>>;

/** Non-negative weights, one per signal, summing to 1. */
export type Weights = Readonly<Record<SignalName, number>>;

/** Partial weights as a caller writes them; missing signals are 0. */
export type WeightOverride = Readonly<Partial<Record<SignalName, number>>>;

export const PROFILE_NAMES = ['balanced', 'affective', 'salience', 'state', 'semantic', 'lexical'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];
export type Profiles = Readonly<Record<ProfileName, Weights>>;

export const QUERY_TYPES = ['factual', 'temporal', 'multi-hop', 'open', 'affective'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** Query types that ask for a fact rather than an impression. */
export const FACT_SEEKING_TYPES: ReadonlySet<QueryType> = new Set<QueryType>(['factual', 'temporal', 'multi-hop']);

/** Factual, temporal and multi-hop queries: state (mood, session length) never adapts their recall unless a profile is named. */
export function isFactSeeking(queryType: QueryType): boolean {
  return FACT_SEEKING_TYPES.has(queryType);
}

/** The signals of temporal state: never weighed in fact-seeking recall, not even by what feedback teaches. */
export const TEMPORAL_STATE_SIGNALS: readonly SignalName[] = ['circadianCongruence', 'sessionContext'];

/** An active goal of the agent. Priority is any non-negative number. */
export interface GoalContext {
  readonly id: string;
  readonly priority: number;
}

/** What recall knows about the agent and the query, once per recall. */
export interface RecallContext {
  readonly nowMs: number;
  readonly affect: CoreAffect;
  /** Overrides `affect` for affectProximity when the caller gives a query affect. */
  readonly queryAffect?: CoreAffect;
  readonly mood: Mood;
  readonly momentum: Momentum;
  readonly goals: readonly GoalContext[];
  readonly primedConcepts: readonly PrimedConcept[];
  /** Concepts of the query and context, matched against memory tags for importance. */
  readonly contextTags: readonly string[];
  /** The agent preset's recency decay scale (presets.ts); default 1. */
  readonly decayScale?: number;
  /** The recall's hour of day in the agent's time zone (math/time-of-day.ts); circadian congruence is 0.5 without it. */
  readonly hourOfDay?: number;
  /** The start of the session the recall belongs to (dynamics/session.ts); session context is 0 without it. */
  readonly sessionStartedAtMs?: number;
  /** The query's words (text/tokens tokenize): the speaker signal looks for a memory's speaker among them; 0 without them. */
  readonly queryWords?: readonly string[];
  /** The times the query names (text/time-references.ts): the namedTime signal; 0 without them. */
  readonly timeReferences?: readonly TimeReference[];
  /** The agent's IANA time zone, the calendar the named times are in; UTC without it. */
  readonly timeZone?: string;
}

/** What recall knows about one candidate memory. */
export interface RecallCandidate {
  readonly id: string;
  /** cosine(query, memory), any sign; the signal clamps it. */
  readonly semanticSimilarity: number;
  /** Raw BM25 of the memory's text for the query's terms (its own or, without term statistics, the fulltext index's); 0 when no term occurs. */
  readonly bm25: number;
  /** Raw BM25 of the memory's episode (episode-lexical.ts) for the query's terms; 0 when not read or no term occurs. */
  readonly episodeBm25?: number;
  readonly affect: CoreAffect;
  readonly moodAtEncoding: Mood;
  /** Missing on memories stored before momentum existed: alignment is then 0.5. */
  readonly momentumAtEncoding?: Momentum;
  readonly occurredAtMs: number;
  readonly lastAccessedAtMs?: number;
  readonly accessCount: number;
  /** Consolidation strength c in [0.1, 1]. */
  readonly consolidation: number;
  readonly importance: number;
  readonly tags: readonly string[];
  /** cosine(memory, goal) by goal id; missing goals count as 0. */
  readonly goalSimilarities?: Readonly<Record<string, number>>;
  /** Hour of day it was encoded at, in the agent's time zone; null for memories stored before hours were. */
  readonly hourOfDay?: number | null;
  /** The session it was encoded in; null for memories stored before sessions were. */
  readonly sessionStartedAtMs?: number | null;
  /** When it was encoded; defaults to occurredAtMs. */
  readonly encodedAtMs?: number;
  /** Who said or did it (a person's name, a role); null when the caller did not say. */
  readonly speaker?: string | null;
}

/** Why a memory got its score. */
export interface Explanation {
  readonly weights: Weights;
  readonly signals: Signals;
  /** weight × signal, per signal; sums to the score. */
  readonly weighted: Signals;
  /** Rank in pass 1 (1-based); null when the memory joined through spreading activation. */
  readonly pass1Rank: number | null;
  /** Rank after pass 2 (1-based). */
  readonly pass2Rank: number;
  /** Spreading-activation path from a seed, when resonance is positive. */
  readonly activationPath?: readonly string[];
}

export interface ScoredCandidate {
  readonly id: string;
  readonly score: number;
  readonly signals: Signals;
  readonly weighted: Signals;
  /** 1-based, by score desc then id asc. */
  readonly rank: number;
}

export interface RankedMemory {
  readonly id: string;
  readonly score: number;
  readonly rank: number;
  readonly pass1Rank: number | null;
  readonly explanation: Explanation;
}
