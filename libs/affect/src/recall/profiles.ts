import type { ProfileName, Profiles, QueryType, Weights } from '../types/recall.types';
import { weightsFrom } from './weights';

/**
 * `balanced`, first tuning on the LoCoMo dev split (bench/locomo): lexical evidence is the
 * strongest single signal there (BM25 recall@10 .573 vs cosine .476 with MiniLM), so it
 * leads (.42) with semantic (.33); resonance (.10) lets the temporal chain and typed edges
 * bring in neighbouring turns; recency .05, importance .04; state and affect keep small
 * shares (mood .02, affect .02, goals .01, priming .01) that the mood gates can grow.
 * The fixed-weight version of this mix measured recall@10 .598 against BM25's .573.
 */
const balanced = weightsFrom({
  lexical: 0.42,
  semantic: 0.33,
  resonance: 0.1,
  recency: 0.05,
  importance: 0.04,
  moodCongruence: 0.02,
  affectProximity: 0.02,
  goalRelevance: 0.01,
  priming: 0.01,
});

/** DESIGN §4; missing signals are 0. */
export const PROFILES: Profiles = {
  balanced,
  affective: weightsFrom({ semantic: 0.35, moodCongruence: 0.25, affectProximity: 0.15, momentumAlignment: 0.1, recency: 0.1, resonance: 0.05 }),
  salience: weightsFrom({ semantic: 0.35, emotionalIntensity: 0.25, recency: 0.2, frequency: 0.1, importance: 0.1 }),
  state: weightsFrom({ semantic: 0.35, affectProximity: 0.15, goalRelevance: 0.2, priming: 0.15, recency: 0.05, importance: 0.1 }),
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
 * Starting weights per query type. chosen, provisional like `balanced`: every type keeps
 * semantic + lexical ≥ 0.6 except `affective`, which is the affective profile.
 *  factual   — exact match matters: lexical .45, semantic .40, importance .05, recency .05,
 *              resonance .05
 *  temporal  — when it happened matters: lexical .30, semantic .30, recency .30,
 *              frequency .05, importance .05
 *  multi-hop — the answer lies along edges: lexical .30, semantic .30, resonance .25,
 *              goalRelevance .05, importance .05, priming .05
 *  (lexical leads or ties semantic since the first LoCoMo tuning, see `balanced`)
 *  open      — balanced
 *  affective — affective
 */
export const ROUTED_WEIGHTS: Readonly<Record<QueryType, Weights>> = {
  factual: weightsFrom({ lexical: 0.45, semantic: 0.4, importance: 0.05, recency: 0.05, resonance: 0.05 }),
  temporal: weightsFrom({ lexical: 0.3, semantic: 0.3, recency: 0.3, frequency: 0.05, importance: 0.05 }),
  'multi-hop': weightsFrom({ lexical: 0.3, semantic: 0.3, resonance: 0.25, goalRelevance: 0.05, importance: 0.05, priming: 0.05 }),
  open: PROFILES.balanced,
  affective: PROFILES.affective,
};

