import { HEBBIAN } from '../constants';
import { clamp01, halfLifeFactor } from '../math/scalar';

/** Hebbian strengthening of an edge between co-recalled memories: w += η(1 − w), η = 0.05. */
export function hebbianUpdate(weight: number, learningRate: number = HEBBIAN.learningRate): number {
  const w = clamp01(weight);
  return clamp01(w + clamp01(learningRate) * (1 - w));
}

/** Weight after `times` co-activations in a row: 1 − (1 − w)(1 − η)^times. */
export function hebbianUpdateTimes(weight: number, times: number, learningRate: number = HEBBIAN.learningRate): number {
  return clamp01(1 - (1 - clamp01(weight)) * Math.pow(1 - clamp01(learningRate), Math.max(0, times)));
}

/** The unordered pairs among co-recalled memories, each once, ids sorted (a < b). */
export function coRecalledPairs(ids: readonly string[]): readonly (readonly [string, string])[] {
  const unique = [...new Set(ids)].sort();
  const pairs: (readonly [string, string])[] = [];
  for (let i = 0; i < unique.length; i++) {
    for (let j = i + 1; j < unique.length; j++) pairs.push([unique[i] as string, unique[j] as string]);
  }
  return pairs;
}

/** Consolidation: an unused edge's weight halves every 30 days since it was last strengthened. */
export function decayEdgeWeight(weight: number, hoursSinceStrengthened: number): number {
  return clamp01(weight) * halfLifeFactor(hoursSinceStrengthened, HEBBIAN.decayHalfLifeHours);
}

/** Consolidation prunes edges whose weight fell below 0.05. */
export function shouldPruneEdge(weight: number): boolean {
  return weight < HEBBIAN.pruneBelow;
}
