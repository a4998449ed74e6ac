import { NEAR_DUPLICATE } from '../constants';
import { cosineSimilarity } from '../math/vector';

/** Near-duplicates (merged at consolidation): cosine > 0.95. */
export function isNearDuplicateCosine(cosine: number): boolean {
  return cosine > NEAR_DUPLICATE.cosineAbove;
}

export function isNearDuplicate(a: readonly number[], b: readonly number[]): boolean {
  return isNearDuplicateCosine(cosineSimilarity(a, b));
}
