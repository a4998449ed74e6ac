import type { Mood } from '../types/affect.types';
import type { ProfileName, QueryType, WeightOverride, Weights } from '../types/recall.types';
import { adaptWeightsToMood } from './mood-adaptive-weights';
import { DEFAULT_PROFILE, PROFILES, ROUTED_WEIGHTS, isBaselineProfile } from './profiles';
import { normaliseWeights } from './weights';

export interface WeightRequest {
  readonly mood: Mood;
  /** Explicit weights from the caller: used as given (normalised), nothing adapts them. */
  readonly override?: WeightOverride;
  /** Named profile asked for by the caller. */
  readonly profile?: ProfileName;
  /** The agent's weights learned from feedback. */
  readonly learned?: Weights;
  /** When set (and no profile/learned weights), routing picks the starting weights. */
  readonly queryType?: QueryType;
  /**
   * The agent preset's profile: the starting weights of open and unclassified queries when
   * no profile, override or learned weights apply (presetStart).
   */
  readonly presetProfile?: ProfileName;
  /** Default true. */
  readonly adaptToMood?: boolean;
}

/** Query types that ask for a fact rather than an impression. */
const FACT_SEEKING: ReadonlySet<QueryType> = new Set<QueryType>(['factual', 'temporal', 'multi-hop']);

export type WeightSource = 'override' | 'profile' | 'learned' | 'preset' | 'routed' | 'default';

export interface ResolvedWeights {
  readonly weights: Weights;
  readonly source: WeightSource;
}

/** Query types whose starting weights an agent preset's profile replaces. */
const PRESET_ROUTED: ReadonlySet<QueryType> = new Set<QueryType>(['open']);

/**
 * The agent preset's profile as starting weights, when it applies: a preset whose profile is
 * not the default `balanced`, and an open or unclassified query. Fact-seeking queries keep
 * `balanced` (tuned so factual recall never falls below plain search; the affective and
 * salience profiles carry no lexical weight) and affective ones their affect-leaning route.
 */
export function presetStart(presetProfile: ProfileName | undefined, queryType: QueryType | undefined): Weights | undefined {
  if (presetProfile === undefined || presetProfile === DEFAULT_PROFILE || isBaselineProfile(presetProfile)) return undefined;
  if (queryType !== undefined && !PRESET_ROUTED.has(queryType)) return undefined;
  return PROFILES[presetProfile];
}

/**
 * The weights of one recall. Starting weights, first that applies: override (final, not
 * adapted) → profile → the agent's learned weights → the agent preset's profile (open and
 * unclassified queries, presetStart) → routed by query type → balanced.
 * Then mood adaptation, except for overrides, the single-signal baseline profiles, and
 * factual, temporal and multi-hop queries when no profile was named.
 */
export function resolveWeights(request: WeightRequest): ResolvedWeights {
  if (request.override !== undefined) {
    return { weights: normaliseWeights(request.override, PROFILES.balanced), source: 'override' };
  }
  const preset = presetStart(request.presetProfile, request.queryType);
  const [start, source]: readonly [Weights, WeightSource] =
    request.profile !== undefined
      ? [PROFILES[request.profile], 'profile']
      : request.learned !== undefined
        ? [normaliseWeights(request.learned, PROFILES.balanced), 'learned']
        : preset !== undefined
          ? [preset, 'preset']
          : request.queryType !== undefined
            ? [ROUTED_WEIGHTS[request.queryType], 'routed']
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
