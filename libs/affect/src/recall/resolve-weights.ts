import type { Mood } from '../types/affect.types';
import { FACT_SEEKING_TYPES, type ProfileName, type QueryType, type WeightOverride, type Weights } from '../types/recall.types';

export { isFactSeeking } from '../types/recall.types';
import { adjustmentFor, withLearned, type LearnedWeights } from './learned-weights';
import { adaptWeightsToMood } from './mood-adaptive-weights';
import { DEFAULT_PROFILE, PROFILES, ROUTED_WEIGHTS, isBaselineProfile } from './profiles';
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
  /**
   * The agent preset's profile: the starting weights of open and unclassified queries when
   * no profile, override or learned weights apply (presetStart).
   */
  readonly presetProfile?: ProfileName;
  /** Default true. */
  readonly adaptToMood?: boolean;
}

const FACT_SEEKING: ReadonlySet<QueryType> = FACT_SEEKING_TYPES;

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
 * `balanced` (tuned so factual recall never falls below plain search; the other profiles give
 * meaning and words far less weight) and affective ones their affect-leaning route.
 */
export function presetStart(presetProfile: ProfileName | undefined, queryType: QueryType | undefined): Weights | undefined {
  if (presetProfile === undefined || presetProfile === DEFAULT_PROFILE || isBaselineProfile(presetProfile)) return undefined;
  if (queryType !== undefined && !PRESET_ROUTED.has(queryType)) return undefined;
  return PROFILES[presetProfile];
}

/**
 * The weights of one recall. Starting weights, first that applies: override (final, not
 * adapted) → profile → the start of the query's type — the agent preset's profile for open and
 * unclassified queries (presetStart), else routed by query type — shifted by what feedback
 * taught the agent for that type (source `learned` when it taught any) → balanced.
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
      : request.queryType !== undefined
        ? routedStart(request.queryType, request.learned, preset)
        : preset !== undefined
          ? [preset, 'preset']
          : [PROFILES.balanced, 'default'];
  const baseline = request.profile !== undefined && isBaselineProfile(request.profile);
  // Mood colours open and affective recall, as in people; a question after a fact is
  // answered by the fact. Unless the caller named a profile, fact-seeking queries keep their
  // weights: on LoCoMo an aroused agent's gates moved .07 of semantic weight to momentum
  // alignment and cost factual recall, which affect and state must never do.
  const factSeeking = request.profile === undefined && request.queryType !== undefined && FACT_SEEKING.has(request.queryType);
  const adapt = (request.adaptToMood ?? true) && !baseline && !factSeeking;
  return { weights: adapt ? adaptWeightsToMood(start, request.mood) : start, source };
}

function routedStart(queryType: QueryType, learned: LearnedWeights | undefined, preset: Weights | undefined): readonly [Weights, WeightSource] {
  const [base, source]: readonly [Weights, WeightSource] = preset !== undefined ? [preset, 'preset'] : [ROUTED_WEIGHTS[queryType], 'routed'];
  const adjustment = learned === undefined ? undefined : adjustmentFor(learned, queryType);
  return adjustment === undefined ? [base, source] : [withLearned(base, adjustment), 'learned'];
}

/**
 * The weights a recall of `queryType` starts from for an agent with this learning, before
 * mood adaptation (what feedback reports and the agent shows per query type).
 */
export function startingWeights(queryType: QueryType, learned: LearnedWeights, presetProfile?: ProfileName): Weights {
  return routedStart(queryType, learned, presetStart(presetProfile, queryType))[0];
}
