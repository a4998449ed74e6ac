import { NEAR_DUPLICATE } from '../constants';
import { indexScoreFor } from '../math/cosine-scale';
import { cosineSimilarity } from '../math/vector';

/** Near-duplicates (merged at consolidation): cosine > 0.95. */
export function isNearDuplicateCosine(cosine: number): boolean {
  return cosine > NEAR_DUPLICATE.cosineAbove;
}

export function isNearDuplicate(a: readonly number[], b: readonly number[]): boolean {
  return isNearDuplicateCosine(cosineSimilarity(a, b));
}

/** The near-duplicate bar as a vector-index score (1 + cos) / 2 of a model with that cosine scale (math/cosine-scale). */
export function nearDuplicateMinIndexScore(cosineScale: number): number {
  return indexScoreFor(NEAR_DUPLICATE.cosineAbove, cosineScale);
}
