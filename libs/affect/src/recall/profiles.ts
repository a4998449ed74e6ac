import { SIGNAL_NAMES } from '../types/recall.types';
import type { ProfileName, Profiles, QueryType, WeightOverride, Weights } from '../types/recall.types';
import { normaliseWeights, weightsFrom } from './weights';

/**
 * `balanced`, tuned on the LoCoMo dev split (bench/locomo/README.md §4–5; never on its held-out
 * conversations), written as parts of 1.3 and normalised (÷ 1.3): meaning and words weigh the
 * same (.2 each: with function words dropped, BM25 alone beats cosine with a MiniLM-class model,
 * and together they beat both); resonance .4 carries spreading activation, chiefly along the
 * timeline, to the memories around what the query found; speaker .12 lifts what the person a
 * query names said or did over the reply beside it; namedTime .2 lifts what happened at a time
 * the query names; episodeLexical .1 credits a memory with the query's words said around it (the
 * answer to a question that named them); the remaining .08 lets salience and state break
 * near-ties without costing factual recall: recency .02, importance .02, moodCongruence .01,
 * affectProximity .01, goalRelevance .01, priming .01. Affect and state weigh more where they
 * should: the affective route, the affective, state and salience profiles, and mood adaptation of
 * open and affective queries.
 */
const BALANCED_PARTS = weightsFrom({
  semantic: 0.2,
  lexical: 0.2,
  resonance: 0.4,
  speaker: 0.12,
  namedTime: 0.2,
  episodeLexical: 0.1,
  recency: 0.02,
  importance: 0.02,
  moodCongruence: 0.01,
  affectProximity: 0.01,
  goalRelevance: 0.01,
  priming: 0.01,
});
const balanced = normaliseWeights(BALANCED_PARTS, BALANCED_PARTS);

/** DESIGN §4; missing signals are 0. */
export const PROFILES: Profiles = {
  balanced,
  // DESIGN's affective profile with its query share (.35) split between meaning and words as
  // `balanced` splits it: with meaning alone, affect outweighed a query whose embedding decides
  // little (MADial dev, dialogue contexts as queries: recall@10 0.403 against cosine's 0.485;
  // with the split 0.673), so affect replaced the query instead of reordering what it found.
  affective: weightsFrom({
    semantic: 0.175,
    lexical: 0.175,
    moodCongruence: 0.25,
    affectProximity: 0.15,
    momentumAlignment: 0.1,
    recency: 0.1,
    resonance: 0.05,
  }),
  salience: weightsFrom({ semantic: 0.35, emotionalIntensity: 0.25, recency: 0.2, frequency: 0.1, importance: 0.1 }),
  // DESIGN's state profile with the fifth part of state (temporal) taken in: circadian
  // congruence .07 and session context .08, from semantic (.05), affect (.03), goals (.02),
  // priming (.02) and importance (.03).
  state: weightsFrom({
    semantic: 0.3,
    affectProximity: 0.12,
    goalRelevance: 0.18,
    priming: 0.13,
    recency: 0.05,
    importance: 0.07,
    circadianCongruence: 0.07,
    sessionContext: 0.08,
  }),
  semantic: weightsFrom({ semantic: 1 }),
  lexical: weightsFrom({ lexical: 1 }),
};

export const DEFAULT_PROFILE: ProfileName = 'balanced';

/**
 * Single-signal profiles are the benchmark's baselines: mood adaptation and routing leave
 * them alone, so "semantic" always means plain vector search.
 */
export function isBaselineProfile(profile: ProfileName): boolean {
  return profile === 'semantic' || profile === 'lexical';
}

export function profileWeights(profile: ProfileName): Weights {
  return PROFILES[profile];
}

/**
 * The start of fact-seeking queries (factual, temporal, multi-hop): `balanced` without mood
 * congruence and affect proximity, renormalised. Which fact answers a question does not depend
 * on the agent's mood: on the LoCoMo dev split their .0083 each cost factual questions 0.008
 * recall@10 (0.712 against 0.720 without) and helped none, as mood adaptation, session breadth
 * and learning already leave these queries alone. Open and affective queries keep them.
 */
const FACT_SEEKING = normaliseWeights({ ...PROFILES.balanced, moodCongruence: 0, affectProximity: 0 }, PROFILES.balanced);

/**
 * Starting weights per query type. On the LoCoMo dev split no departure from `balanced`
 * helped factual, temporal or multi-hop questions (more recency lost "when did…" questions,
 * which ask about past events; more resonance lost multi-hop ones), and routing "how did she
 * feel" questions to DESIGN's `affective` profile (then with no lexical weight) cost 0.44
 * recall@10 on them. So routing keeps `balanced` (fact-seeking queries without its mood and
 * affect weights, FACT_SEEKING) and only leans an affective query toward affect:
 *  affective — balanced with moodCongruence, affectProximity +.07 each and emotionalIntensity
 *              +.03 (from semantic and lexical, .03 each, and resonance .11)
 * The classifier still reports the type (RecallResult.queryType); feedback shifts a type's
 * starting weights by a bounded per-type adjustment (learned-weights.ts), never replaces them.
 */
export const ROUTED_WEIGHTS: Readonly<Record<QueryType, Weights>> = {
  factual: FACT_SEEKING,
  temporal: FACT_SEEKING,
  'multi-hop': FACT_SEEKING,
  open: PROFILES.balanced,
  affective: shifted(PROFILES.balanced, { semantic: -0.03, lexical: -0.03, resonance: -0.11, moodCongruence: 0.07, affectProximity: 0.07, emotionalIntensity: 0.03 }),
};

/** `weights` with weight moved between signals (the changes sum to 0, so the result sums to 1 too). */
function shifted(weights: Weights, change: WeightOverride): Weights {
  return weightsFrom(Object.fromEntries(SIGNAL_NAMES.map((name) => [name, weights[name] + (change[name] ?? 0)])));
}
