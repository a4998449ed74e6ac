import { FEEDBACK } from '../constants';
import { clamp } from '../math/scalar';
import { isFactSeeking, LEGACY_SIGNAL_COUNTS, QUERY_TYPES, SIGNAL_NAMES, TEMPORAL_STATE_SIGNALS } from '../types/recall.types';
import type { QueryType, SignalName, Signals, Weights } from '../types/recall.types';
import { applyFeedback } from './feedback';
import { PROFILES } from './profiles';
import { normaliseWeights, weightsFromArray } from './weights';

/** A signed change per signal, added to a query type's starting weights. */
export type WeightAdjustment = Readonly<Record<SignalName, number>>;

/**
 * What an agent learned from feedback: one bounded adjustment per query type that had
 * feedback. Routing still picks each type's starting weights; learning only shifts them.
 */
export type LearnedWeights = Readonly<Partial<Record<QueryType, WeightAdjustment>>>;

export const NO_LEARNING: LearnedWeights = Object.freeze({});

/** The weights a recall used, and the query type they were made for. */
export interface UsedWeights {
  readonly queryType: QueryType;
  readonly weights: Weights;
}

function bySignal(value: (name: SignalName) => number): Record<SignalName, number> {
  const out = {} as Record<SignalName, number>;
  for (const name of SIGNAL_NAMES) out[name] = value(name);
  return out;
}

function bound(x: number): number {
  return Number.isFinite(x) ? clamp(x, -FEEDBACK.maxAdjustment, FEEDBACK.maxAdjustment) : 0;
}

function isZero(adjustment: WeightAdjustment): boolean {
  return SIGNAL_NAMES.every((name) => adjustment[name] === 0);
}

/** The adjustment learned for `queryType`, or undefined when feedback taught that type nothing. */
export function adjustmentFor(learned: LearnedWeights, queryType: QueryType): WeightAdjustment | undefined {
  const adjustment = learned[queryType];
  return adjustment === undefined || isZero(adjustment) ? undefined : adjustment;
}

export function hasLearned(learned: LearnedWeights): boolean {
  return QUERY_TYPES.some((q) => adjustmentFor(learned, q) !== undefined);
}

/**
 * Starting weights after learning: start + adjustment, clipped at 0 and renormalised (so they
 * sum to 1). Without an adjustment, `start` itself: an agent that never had feedback recalls
 * with exactly the routed weights.
 */
export function withLearned(start: Weights, adjustment: WeightAdjustment | undefined): Weights {
  if (adjustment === undefined || isZero(adjustment)) return start;
  return normaliseWeights(
    bySignal((name) => start[name] + adjustment[name]),
    start,
  );
}

/**
 * Feedback on one memory of one recall (DESIGN §4). The recall's own weights w learn
 * w_i += η·feedback·f_i (applyFeedback: clipped, renormalised); the change this makes is added
 * to the adjustment of the recall's query type, each entry kept within ±maxAdjustment. Other
 * query types keep theirs. So the next recall of that type, in the same mood, starts from the
 * weights feedback asked for (exactly, for the fact-seeking types routing does not adapt to
 * mood, while no entry reaches its bound); mood adaptation still applies on top for the others.
 * Feedback on a fact-seeking recall learns nothing for the temporal-state signals (their f_i
 * count as 0), so learning never weighs hour of day or session into factual recall.
 */
export function learnFromFeedback(
  learned: LearnedWeights,
  used: UsedWeights,
  signals: Signals,
  feedback: number,
  learningRate: number = FEEDBACK.learningRate,
): LearnedWeights {
  const taught = isFactSeeking(used.queryType) ? withoutTemporalState(signals) : signals;
  const target = applyFeedback(used.weights, taught, feedback, learningRate);
  const before = learned[used.queryType];
  const next = bySignal((name) => bound((before?.[name] ?? 0) + target[name] - used.weights[name]));
  return { ...learned, [used.queryType]: next };
}

/** Stored on the agent as one flat list: QUERY_TYPES × SIGNAL_NAMES, zeros where nothing was learned. */
export function learnedToArray(learned: LearnedWeights): readonly number[] {
  return QUERY_TYPES.flatMap((q) => SIGNAL_NAMES.map((name) => learned[q]?.[name] ?? 0));
}

/**
 * The inverse of learnedToArray; a list of another length (a future layout) is ignored. Lists
 * written by earlier versions have fewer signals per query type (LEGACY_SIGNAL_COUNTS); the
 * signals added since read as 0: nothing learned for them.
 */
export function learnedFromArray(values: readonly number[]): LearnedWeights {
  const stride = LEGACY_SIGNAL_COUNTS.find((width) => values.length === QUERY_TYPES.length * width) ?? SIGNAL_NAMES.length;
  if (values.length !== QUERY_TYPES.length * stride) return NO_LEARNING;
  const out: Partial<Record<QueryType, WeightAdjustment>> = {};
  QUERY_TYPES.forEach((q, t) => {
    const adjustment = bySignal((name) => {
      const k = SIGNAL_NAMES.indexOf(name);
      return k < stride ? bound(values[t * stride + k] ?? 0) : 0;
    });
    if (!isZero(adjustment)) out[q] = adjustment;
  });
  return out;
}

/**
 * Agents that learned before learning was per query type stored absolute weights, learned from
 * `balanced` and used for every query type, over the signals of their version (`width`, a prefix
 * of SIGNAL_NAMES). What they learned is their difference from balanced, both taken over those
 * signals only (balanced's newer weights would otherwise read as unlearned); it becomes every
 * type's adjustment (bounded like any other), 0 for the signals added since.
 */
export function learnedFromLegacy(legacy: Weights, width: number = SIGNAL_NAMES.length): LearnedWeights {
  const carried = SIGNAL_NAMES.slice(0, width);
  const share = (w: Weights): number => carried.reduce((sum, name) => sum + w[name], 0);
  const legacyShare = share(legacy);
  const balancedShare = share(PROFILES.balanced);
  if (!(legacyShare > 0) || !(balancedShare > 0)) return NO_LEARNING;
  // Below 1e-9 is the division's rounding, not learning.
  const learnedOf = (name: SignalName): number => {
    const d = legacy[name] / legacyShare - PROFILES.balanced[name] / balancedShare;
    return Math.abs(d) < 1e-9 ? 0 : bound(d);
  };
  const adjustment = bySignal((name) => (carried.includes(name) ? learnedOf(name) : 0));
  if (isZero(adjustment)) return NO_LEARNING;
  return Object.fromEntries(QUERY_TYPES.map((q) => [q, adjustment] as const));
}

/** An agent's learning as stored: the per-type list, else the legacy absolute weights, else nothing. */
export function storedLearning(perType: readonly number[] | null, legacy: readonly number[] | null): LearnedWeights {
  if (perType !== null) return learnedFromArray(perType);
  if (legacy !== null) return learnedFromLegacy(weightsFromArray(legacy, PROFILES.balanced), Math.min(legacy.length, SIGNAL_NAMES.length));
  return NO_LEARNING;
}

function withoutTemporalState(signals: Signals): Signals {
  const out: Record<SignalName, number> = { ...signals };
  for (const name of TEMPORAL_STATE_SIGNALS) out[name] = 0;
  return out;
}
