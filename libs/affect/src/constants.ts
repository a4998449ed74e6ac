/**
 * Every number of the affective model, in one place.
 *
 * Constants marked "DESIGN" are copied from DESIGN §3–§6 and must not change without
 * changing DESIGN too. Constants marked "chosen" are ours, where DESIGN is silent; each
 * says why it has the value it has.
 */

import type { EdgeType } from './types/graph.types';

/** Affect space: valence [−1,1], arousal [0,1], dominance [0,1]. DESIGN §3. */
export const AFFECT_SPACE = {
  /** Diameter of the (v, a, d) box: √(2² + 1² + 1²). DESIGN §3. */
  diameter: Math.sqrt(6),
} as const;

export const MS_PER_HOUR = 3_600_000;
export const MS_PER_SECOND = 1_000;

export const MOMENTUM = {
  /** Momentum is taken from the last this-many states. DESIGN §3. */
  historyLength: 3,
  /**
   * chosen: states set within the same minute would give velocities in the thousands per
   * hour; we treat any window shorter than a minute as one minute long.
   */
  minSpanHours: 1 / 60,
  /**
   * chosen: below this norm (per hour) momentum counts as "≈ 0" for momentumAlignment.
   * A drift of 0.01/h is 0.24 a day: too slow to call a direction.
   */
  epsilonPerHour: 0.01,
} as const;

export const MOOD = {
  /** EMA rate. DESIGN §3. */
  alpha: 0.1,
  /** Default inertia. DESIGN §3. */
  inertia: 0.5,
  /** Relaxation half-life is baseHalfLifeHours × (1 + 2·inertia). DESIGN §3. */
  baseHalfLifeHours: 1,
  /** Mood relaxes toward this when nothing happens. DESIGN §3. */
  baseline: { valence: 0, arousal: 0.3, dominance: 0.5 },
} as const;

/** Neutral core affect. DESIGN §3. */
export const NEUTRAL_AFFECT = { valence: 0, arousal: 0, dominance: 0.5 } as const;

export const ENERGY = {
  /**
   * Depletion per interaction of the default (`agent`) preset. DESIGN §4 says "2 %";
   * chosen: subtracted (two points of the 0..1 scale), not multiplied, so a burst of fifty
   * interactions with no pause does empty the agent. Other presets: libs/affect presets.ts.
   */
  depletionPerInteraction: 0.02,
  /**
   * chosen: while idle the deficit (1 − energy) halves every 5 minutes (the `agent`
   * preset). An agent acting once a minute then settles near 0.85 instead of running dry
   * (with the former 1 h half-life it reached 0 after about 70 minutes), one acting three
   * times a minute near 0.56, and a quarter of an hour's pause restores seven eighths.
   */
  recoveryHalfLifeHours: 5 / 60,
  /** chosen: a fresh agent starts rested. */
  initial: 1,
} as const;

export const ATTENTION_RESIDUE = {
  /** Concept activation halves every 30 minutes. DESIGN §4. */
  halfLifeHours: 0.5,
  /** chosen: below this a primed concept is forgotten. */
  vanishBelow: 0.1,
  /**
   * chosen: each use adds 0.5 (capped at 1): a concept seen once stays primed for about
   * 70 min; one seen twice in a row is at full strength.
   */
  bump: 0.5,
  /** chosen: concepts taken from one query; more would prime half the vocabulary. */
  maxConceptsPerText: 8,
  /** chosen: shorter tokens are mostly function words or noise. */
  minConceptLength: 3,
} as const;

/** Five-check → affect mapping. DESIGN §3. */
export const APPRAISAL_TO_AFFECT = {
  valence: { conduciveness: 0.4805, norm: 0.1862, coping: 0.1643, novelty: 0.0179 },
  arousal: { absNovelty: 0.3694, lackOfCoping: 0.1357, selfRelevance: 0.2208, intercept: 0.1399 },
} as const;

/**
 * Dual-path encoding: share of the appraised affect in the blend of an inferred affect.
 * DESIGN §3. An affect the caller gave is the caller's truth: the appraisal moves it only by
 * 1 − givenAffectTrust (LIMBIC_GIVEN_AFFECT_TRUST; chosen default 1, kept exactly).
 */
export const APPRAISAL_BLEND = { appraisedShare: 0.7, givenAffectTrust: 1 } as const;

/** Inverted U of arousal at encoding. DESIGN §3. */
export const CONSOLIDATION = {
  ownArousalShare: 0.7,
  moodArousalShare: 0.3,
  peakArousal: 0.7,
  curvature: 4,
  min: 0.1,
  max: 1,
} as const;

export const IMPORTANCE = {
  /** DESIGN §3. */
  baseline: 0.5,
  min: 0.1,
  max: 0.95,
  /** chosen: up to +0.15 for length, reached at 60 words (a solid paragraph). */
  lengthBonusMax: 0.15,
  lengthWordsForFullBonus: 60,
  /** chosen: +0.05 per technical token, at most +0.15. */
  technicalBonusPerHit: 0.05,
  technicalBonusMax: 0.15,
  /** chosen: decisions matter most to an agent's future behaviour: +0.1 each, max +0.2. */
  decisionBonusPerHit: 0.1,
  decisionBonusMax: 0.2,
  /** chosen: short small talk ("hi, thanks!") drops to about 0.2. */
  smallTalkPenalty: 0.3,
  smallTalkMaxWords: 8,
  /** chosen: full novelty (nothing similar stored) adds 0.2. */
  noveltyBonus: 0.2,
} as const;

export const LEXICON = {
  /** chosen: arousal of text with no emotional words; matches the mood baseline arousal. */
  baselineArousal: 0.3,
  /** chosen: share of arousal driven by |compound valence| (VADER has no arousal norms). */
  intensityShare: 0.6,
  /** chosen: share driven by exclamation marks, saturating at three. */
  exclamationShare: 0.1,
  exclamationSaturation: 3,
  /**
   * chosen: the lexicon appraiser reads coping potential and norm compatibility off
   * valence. Positive text suggests control and acceptable conduct; the slopes are
   * gentle so that text alone never claims full helplessness or a norm breach.
   */
  copingBase: 0.5,
  copingPerValence: 0.3,
  normPerValence: 0.6,
  /** chosen: a text with no goal information is assumed moderately self-relevant. */
  defaultSelfRelevance: 0.5,
} as const;

/**
 * The lexical signal's BM25 over the agent's own memories (Robertson & Zaragoza's Okapi BM25
 * with the usual k1 and b; IDF ln(1 + (N − df + 0.5)/(df + 0.5)), never negative).
 */
export const BM25 = { k1: 1.2, b: 0.75 } as const;

/** Recall signals. DESIGN §4, except semantic (relative to the candidates' cosines). */
export const SIGNALS = {
  semantic: {
    /**
     * chosen: the semantic signal divides by the candidates' cosine range, but by no less
     * than this (calibrated cosine): when every candidate sits within it of the others, the
     * query is about equally (un)related to all of them, and the closest should not count as
     * a full match (a two-memory agent asked something unrelated would otherwise see one
     * memory at 1 and ignite its workspace on it). Below the tenth percentile of the LoCoMo
     * dev recalls' ranges (0.39); neither benchmark's figures move with it.
     */
    minRange: 0.25,
  },
  recency: {
    baseDecay: 0.5,
    arousalSlowdown: 0.5,
    accessSlowdown: 0.1,
    arousalFloorThreshold: 0.7,
    arousalFloor: 0.1,
  },
  frequency: { rate: 0.1 },
  importance: { tagOverlapBoost: 0.5 },
  emotionalIntensity: { positivityBonus: 0.1 },
} as const;

export const RECALL = {
  /** DESIGN §4. */
  defaultTopK: 10,
  maxTopK: 100,
  /** chosen: seeds for spreading activation; ten covers a default topK. */
  defaultSeeds: 10,
  maxSeeds: 50,
} as const;

/** Mood-adaptive weights. DESIGN §4, except the calm gate's centre and strength. */
export const MOOD_GATES = {
  sharpness: 5,
  negativeMood: { centre: -0.5, strength: 0.15 },
  highArousal: { centre: 0.7, strength: 0.1 },
  /**
   * chosen: "calm" is mood arousal below the 0.3 resting baseline, scaled by how neutral
   * valence is (1 − |v|); it hands up to 0.10 back to semantic from the mood, affect and
   * momentum weights, mirroring the high-arousal gate.
   */
  calm: { centre: 0.3, strength: 0.1 },
} as const;

export const QUERY_CLASSIFIER = {
  /**
   * chosen: without a feeling word, a query counts as affective only when the lexicon
   * finds it strongly emotional (|valence| ≥ 0.6) through and through (confidence ≥ 0.5);
   * "why did the deploy fail" (−0.54) is a question about causes, not feelings.
   */
  affectiveValence: 0.6,
  affectiveConfidence: 0.5,
  /** chosen: up to this many words and no cue, a query is a keyword lookup (factual). */
  keywordQueryWords: 6,
} as const;

/**
 * Feedback learning. chosen: η matches the Hebbian rate of DESIGN §4. chosen: maxAdjustment —
 * learning moves each weight of a query type at most this far from what routing starts that
 * type with (before renormalising), so feedback re-balances routing and never replaces it:
 * balanced's resonance .46 can fall to .21, a signal routing gives nothing can reach .25.
 */
export const FEEDBACK = { learningRate: 0.05, maxWeight: 1, maxAdjustment: 0.25 } as const;

export const ENERGY_EFFECTS = {
  /** chosen: below this recall narrows (one hop fewer). */
  lowEnergy: 0.3,
  /**
   * chosen: results scoring below cutFraction × (1 − energy) × top score are cut.
   * Relative to the top so it does not depend on the weight profile; at energy 0 only
   * results within 60 % of the best survive, at energy 1 nothing is cut.
   */
  cutFraction: 0.6,
  /** chosen: seeds scale from 0.5× (exhausted) to 1.5× (rested) of the base count. */
  seedScaleMin: 0.5,
  seedScaleMax: 1.5,
} as const;

/**
 * Temporal state: the hour of day, the session, the time since the last interaction.
 * All chosen (DESIGN is silent on temporal state).
 */
export const TEMPORAL_STATE = {
  /** The agent's time zone when none was set (IANA name). */
  defaultTimeZone: 'UTC',
  /**
   * Session context: a memory of the current session scores 2^(−Δt_h / halfLife), Δt the hours
   * since it was encoded (its occurredAt or the session's start, whichever is later): two hours
   * keeps a long working session's early memories above one half after two hours.
   */
  sessionHalfLifeHours: 2,
  /** A session at least this long spreads one hop deeper (max 3). */
  longSessionMinutes: 60,
  /** Seeds scale from 1 (a first exchange) to this (a session of longSessionMinutes or more). */
  longSessionSeedScale: 1.25,
  /** A session whose first interaction is the recall itself stays one hop nearer the seeds (min 1). */
  firstExchangeInteractions: 1,
  /** Circadian congruence of a memory with no recorded hour (stored before hours were): neutral. */
  unknownHourCongruence: 0.5,
} as const;

/**
 * Global workspace (BioMem). DESIGN §4: ignition above 0.4 with a lead of 0.1; as in BioMem,
 * the winner holds the workspace for its TTL, its competitors are suppressed, it is broadcast.
 */
export const FOCUS = {
  ignitionThreshold: 0.4,
  minimumLead: 0.1,
  /**
   * chosen: the workspace holds its content for five minutes of the agent's time (the recall's
   * `now`), the span of one exchange — as long as reconsolidation's lability window.
   */
  ttlMs: 300 * MS_PER_SECOND,
  /** chosen: the strongest competitors an ignition suppresses (a recall returns at most 100). */
  maxSuppressed: 20,
  /** Floating-point slack so that 0.5 vs 0.4 counts as a lead of 0.1. */
  tolerance: 1e-9,
} as const;

/** Resonance links at encoding. DESIGN §5. */
export const LINKING = {
  cosineShare: 0.5,
  affectShare: 0.3,
  temporalShare: 0.2,
  temporalHalfLifeHours: 1,
  maxLinks: 5,
  minScore: 0.3,
  contrastiveValenceGap: 1,
  closeInTime: 0.7,
  similar: 0.6,
  /**
   * chosen: the timeline edge to the predecessor must outlive the 0.05 prune threshold
   * even when the predecessor is old and unrelated.
   */
  predecessorMinWeight: 0.1,
} as const;

export const SPREADING = {
  /** DESIGN §4: default 2, max 3. */
  defaultHops: 2,
  minHops: 1,
  maxHops: 3,
  /** chosen: paths weaker than 5 % of a full-strength seed add noise, not recall. */
  defaultMinActivation: 0.05,
  /** chosen: ten strongest edges per node bound a 3-hop expansion to 1,000 paths per seed. */
  defaultMaxFanOut: 10,
  /**
   * chosen, tuned on the LoCoMo dev split (bench/locomo/README.md): spreading should add what
   * the query's own signals cannot find. A memory semantically or emotionally close to a seed
   * mostly scores well on the query's semantic signal already, so those edges carry half;
   * what happened next to a seed in time (the answer to a question, the outcome of an event)
   * often shares no words with the query, so TEMPORAL carries all of the seed's activation.
   * CAUSAL .6: the encoder infers it from cue words between memories close in time, and on
   * the dev split the walks through it were the ones that crowded other evidence out of the
   * top 10 (a ranker fitted to pass 2's features gave them a negative weight); .6 measured
   * +0.002 to +0.008 recall@10 over .9 at three semantic weights. Factors ranked the other
   * way (SEMANTIC 1 … TEMPORAL 0.6) make spreading buy only +0.004 recall@10; see the README.
   */
  defaultTypeFactors: { SEMANTIC: 0.5, CAUSAL: 0.6, EMOTIONAL: 0.5, TEMPORAL: 1, CONTRASTIVE: 0.5 } satisfies Record<EdgeType, number>,
  /**
   * chosen, measured on the LoCoMo dev split (bench/locomo/README.md): a seed keeps this share
   * of its own activation as resonance (withSeedActivation), a walk of no edge at about a
   * typical edge's strength. Without it a seed's resonance came only from other seeds, so its
   * own neighbours (activation × strength) could pass it on resonance alone: the best match
   * lost first place to the turn next to it (spreading cost hit@1 32 questions and won it 17).
   * 0 / .25 / .5 / .75: hit@1 .356 / .378 / .387 / .378, MRR@10 .489 / .503 / .510 / .505,
   * recall@10 .717 / .716 / .720 / .718.
   */
  seedSelfShare: 0.5,
} as const;

/** The window of the episodeLexical signal (recall/signals/episode-lexical.ts). */
export const EPISODE = {
  /**
   * chosen, on the LoCoMo dev split (bench/locomo/README.md §5): the memories on each side of a
   * memory on the timeline whose words count as its episode's (an exchange of a question, its
   * answer and what followed); a step never crosses an idle gap longer than the agent's session
   * gap. 1 / 2 / 3 each way: recall@10 0.795 / 0.806 / 0.799.
   */
  neighbours: 2,
} as const;

/** Hebbian strengthening of co-recalled edges. DESIGN §4. */
export const HEBBIAN = {
  learningRate: 0.05,
  /** chosen: an unused edge loses half its weight in 30 days. */
  decayHalfLifeHours: 30 * 24,
  /** DESIGN §6. */
  pruneBelow: 0.05,
} as const;

/**
 * Reconsolidation, as in the emotional-memory model: APE is the plain Euclidean
 * distance in affect space, in [0, √6] (not divided by √6 like the recall signals' distances);
 * every recall reactivates a memory for the lability window, and a recall within the window of
 * the one before it rewrites the memory's affect when its own APE exceeds the threshold.
 */
export const RECONSOLIDATION = {
  /** DESIGN §4 and the model: APE above 0.3. */
  apeThreshold: 0.3,
  /** DESIGN §4 and the model: 300 s after a recall, end inclusive. */
  labilityWindowMs: 300 * MS_PER_SECOND,
  /**
   * chosen: the share of the way per unit of APE. The model's 0.2 would put the 50 % cap at an
   * APE of 2.5, beyond the space's diameter √6 ≈ 2.449, so no recall could reach it; at 0.25 the
   * cap is reached from an APE of 2 (a full swing of valence) on.
   */
  shiftPerApe: 0.25,
  /** DESIGN §4 and the model: never more than half way. */
  maxShift: 0.5,
  minRate: 0.05,
  maxRate: 0.8,
  /** chosen: weight of the newest prediction error in the Pearce–Hall associability. */
  rateMemory: 0.5,
  /** chosen: a fresh memory starts midway-low, learning its expected affect moderately. */
  initialRate: 0.3,
} as const;

export const REVIEW = {
  /** DESIGN §6: about 1 h, 1 d, 7 d, 30 d. */
  baseIntervalsHours: [1, 24, 7 * 24, 30 * 24],
  /** chosen: a fresh memory has stability 1, i.e. the plain schedule. */
  initialStability: 1,
  /**
   * chosen: each review multiplies stability by 1 + gain, gain in [0.2, 1.0]:
   * 0.2 always, + up to 0.3 for arousal, 0.3 for importance, 0.2 for frequent recall.
   */
  baseGain: 0.2,
  arousalGain: 0.3,
  importanceGain: 0.3,
  frequencyGain: 0.2,
  /** chosen: 50 × 30 d ≈ 4 years between reviews is plenty. */
  maxStability: 50,
  /** chosen: archive only what is both faded (strength) and unimportant (defaults of LIMBIC_ARCHIVE_*_BELOW). */
  archiveStrengthBelow: 0.05,
  archiveImportanceBelow: 0.3,
  /**
   * chosen: a review amplifies importance when the memory proved valuable, i.e. its value
   * max(frequency, emotional intensity) reaches 0.5 (≈ 7 recalls, or a strongly felt one):
   * importance += 0.1 · value · (1 − importance), capped at the importance maximum.
   */
  amplifyValueAtLeast: 0.5,
  amplifyRate: 0.1,
} as const;

/** Near-duplicate test. DESIGN §6. */
export const NEAR_DUPLICATE = { cosineAbove: 0.95 } as const;
