import { NEAR_DUPLICATE } from '../constants';
import { cosineSimilarity } from '../math/vector';

/** Near-duplicates (merged at consolidation): cosine > 0.95. */
export function isNearDuplicateCosine(cosine: number): boolean {
  return cosine > NEAR_DUPLICATE.cosineAbove;
}

export function isNearDuplicate(a: readonly number[], b: readonly number[]): boolean {
  return isNearDuplicateCosine(cosineSimilarity(a, b));
}

/** The vector index scores cosine similarity as (1 + cos) / 2; this is the near-duplicate bar on that scale. */
export const NEAR_DUPLICATE_MIN_INDEX_SCORE = (1 + NEAR_DUPLICATE.cosineAbove) / 2;

/** Cosine similarity back from an index score (1 + cos) / 2. */
export function cosineFromIndexScore(score: number): number {
  return 2 * score - 1;
}
