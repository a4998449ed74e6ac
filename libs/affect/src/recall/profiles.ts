import type { ProfileName, Profiles, QueryType, Weights } from '../types/recall.types';
import { weightsFrom } from './weights';

/**
 * `balanced` is PROVISIONAL until tuned on the benchmark (DESIGN §4). It leans on semantic
 * (.45) and lexical (.25) so factual recall stays at least as good as plain vector search;
 * the remaining .30 is spread thinly so state and salience can break near-ties:
 * recency .06, importance .05, resonance .05, moodCongruence .04, affectProximity .04,
 * goalRelevance .03, priming .03.
 */
const balanced = weightsFrom({
  semantic: 0.45,
  lexical: 0.25,
  recency: 0.06,
  importance: 0.05,
  resonance: 0.05,
  moodCongruence: 0.04,
  affectProximity: 0.04,
  goalRelevance: 0.03,
  priming: 0.03,
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
 *  factual   — exact match matters: semantic .55, lexical .35, importance .05, recency .05
 *  temporal  — when it happened matters: semantic .40, lexical .20, recency .30,
 *              frequency .05, importance .05
 *  multi-hop — the answer lies along edges: semantic .40, lexical .20, resonance .25,
 *              goalRelevance .05, importance .05, priming .05
 *  open      — balanced
 *  affective — affective
 */
export const ROUTED_WEIGHTS: Readonly<Record<QueryType, Weights>> = {
  factual: weightsFrom({ semantic: 0.55, lexical: 0.35, importance: 0.05, recency: 0.05 }),
  temporal: weightsFrom({ semantic: 0.4, lexical: 0.2, recency: 0.3, frequency: 0.05, importance: 0.05 }),
  'multi-hop': weightsFrom({ semantic: 0.4, lexical: 0.2, resonance: 0.25, goalRelevance: 0.05, importance: 0.05, priming: 0.05 }),
  open: PROFILES.balanced,
  affective: PROFILES.affective,
};

