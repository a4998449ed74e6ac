import { adjustmentFor, QUERY_TYPES, startingWeights, type LearnedWeights as Learned, type ProfileName } from '@limbic/affect';
import { toSignalVector } from '../../recall/utils/to-signal-vector';
import type { LearnedWeights } from '../dto/feedback.types';

/** One entry per query type feedback taught something, in QUERY_TYPES order. */
export function toLearnedWeights(learned: Learned, presetProfile?: ProfileName): LearnedWeights[] {
  return QUERY_TYPES.flatMap((queryType) => {
    const adjustment = adjustmentFor(learned, queryType);
    return adjustment ? [{ queryType, adjustment: toSignalVector(adjustment), weights: toSignalVector(startingWeights(queryType, learned, presetProfile)) }] : [];
  });
}
