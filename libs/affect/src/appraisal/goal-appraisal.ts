import { clamp, clamp01 } from '../math/scalar';

/** A goal as seen from one text or memory: its priority and cosine similarity to it. */
export interface GoalMatch {
  readonly priority: number;
  readonly similarity: number;
}

/**
 * Priority-weighted relevance to the goals, [0, 1]: max over goals of
 * (priority / highest priority) × clamp(similarity, 0, 1). The top-priority goal counts
 * fully; matching one goal well is enough (an average would punish agents with many goals).
 * Also the goalRelevance recall signal.
 */
export function goalRelevance(goals: readonly GoalMatch[]): number {
  let maxPriority = 0;
  for (const g of goals) maxPriority = Math.max(maxPriority, g.priority);
  if (maxPriority <= 0) return 0;
  let best = 0;
  for (const g of goals) best = Math.max(best, (Math.max(0, g.priority) / maxPriority) * clamp01(g.similarity));
  return best;
}

/**
 * Goal checks of the appraisal: self relevance = goalRelevance; conduciveness = valence ×
 * relevance (good news about a goal helps it, bad news obstructs it, unrelated news is neutral).
 */
export function goalAppraisal(goals: readonly GoalMatch[], valence: number): { readonly goalConduciveness: number; readonly selfRelevance: number } {
  const selfRelevance = goalRelevance(goals);
  return { goalConduciveness: clamp(valence * selfRelevance, -1, 1), selfRelevance };
}
