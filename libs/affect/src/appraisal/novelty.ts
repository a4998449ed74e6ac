import { clamp } from '../math/scalar';

/**
 * Novelty check from the graph (DESIGN §3): 1 − the best cosine similarity between a memory
 * and what the agent already stores, in [0, 1]. `null` (nothing stored to compare with) is full
 * novelty, 1: an agent's first memory is as new as a memory can be. Cosines never exceed 1, so
 * the graph never yields the "expected" half of the check's [−1, 1] range; the clamp only keeps
 * float noise (a cosine of 1 + 1e-16) from turning into a negative novelty.
 *
 * Both the encode path (importance: `estimateImportance`) and the appraisal worker (the
 * novelty check) use it, so a memory is equally new to both.
 */
export function noveltyFromSimilarity(maxSimilarity: number | null): number {
  return maxSimilarity === null ? 1 : clamp(1 - maxSimilarity, 0, 1);
}
