import type { Mood } from '../types/affect.types';
import type { ProfileName, QueryType, WeightOverride, Weights } from '../types/recall.types';
import { adjustmentFor, withLearned, type LearnedWeights } from './learned-weights';
import { adaptWeightsToMood } from './mood-adaptive-weights';
import { PROFILES, ROUTED_WEIGHTS, isBaselineProfile } from './profiles';
import { normaliseWeights } from './weights';

export interface WeightRequest {
  readonly mood: Mood;
  /** Explicit weights from the caller: used as given (normalised), nothing adapts them. */
  readonly override?: WeightOverride;
  /** Named profile asked for by the caller. */
  readonly profile?: ProfileName;
  /** What the agent learned from feedback: shifts the routed weights of the query types it taught. */
  readonly learned?: LearnedWeights;
  /** When set (and no profile), routing picks the starting weights. */
  readonly queryType?: QueryType;
  /** Default true. */
  readonly adaptToMood?: boolean;
}

/** Query types that ask for a fact rather than an impression. */
const FACT_SEEKING: ReadonlySet<QueryType> = new Set<QueryType>(['factual', 'temporal', 'multi-hop']);

export type WeightSource = 'override' | 'profile' | 'learned' | 'routed' | 'default';

export interface ResolvedWeights {
  readonly weights: Weights;
  readonly source: WeightSource;
}

/**
 * The weights of one recall. Starting weights, first that applies: override (final, not
 * adapted) → profile → routed by query type, shifted by what feedback taught the agent for
 * that type (source `learned` when it taught any, else `routed`) → balanced.
 * Then mood adaptation, except for overrides, the single-signal baseline profiles, and
 * factual, temporal and multi-hop queries when no profile was named.
 */
export function resolveWeights(request: WeightRequest): ResolvedWeights {
  if (request.override !== undefined) {
    return { weights: normaliseWeights(request.override, PROFILES.balanced), source: 'override' };
  }
  const [start, source]: readonly [Weights, WeightSource] =
    request.profile !== undefined
      ? [PROFILES[request.profile], 'profile']
      : request.queryType !== undefined
        ? routedStart(request.queryType, request.learned)
        : [PROFILES.balanced, 'default'];
  const baseline = request.profile !== undefined && isBaselineProfile(request.profile);
  // Mood colours open and affective recall, as in people; a question after a fact is
  // answered by the fact. Unless the caller named a profile, fact-seeking queries keep their
  // weights: on LoCoMo an aroused agent's gates moved .07 of semantic weight to momentum
  // alignment and cost factual recall, which affect and state must never do (issue 7).
  const factSeeking = request.profile === undefined && request.queryType !== undefined && FACT_SEEKING.has(request.queryType);
  const adapt = (request.adaptToMood ?? true) && !baseline && !factSeeking;
  return { weights: adapt ? adaptWeightsToMood(start, request.mood) : start, source };
}

function routedStart(queryType: QueryType, learned: LearnedWeights | undefined): readonly [Weights, WeightSource] {
  const adjustment = learned === undefined ? undefined : adjustmentFor(learned, queryType);
  return adjustment === undefined ? [ROUTED_WEIGHTS[queryType], 'routed'] : [withLearned(ROUTED_WEIGHTS[queryType], adjustment), 'learned'];
}

/**
 * The weights a recall of `queryType` starts from for an agent with this learning, before
 * mood adaptation (what feedback reports and the agent shows per query type).
 */
export function startingWeights(queryType: QueryType, learned: LearnedWeights): Weights {
  return routedStart(queryType, learned)[0];
}
