import { clamp } from '@limbic/affect';
import type { AppraisalSubject, AppraisalUnit } from '@limbic/graph';

/**
 * Novelty check (DESIGN §3): 1 − the best cosine to the agent's other memories encoded before
 * this one, in [−1, 1]; 1 when there is none. The agent's own nearest memory comes from the
 * filtered vector index, so it is the true best whatever else the index holds.
 */
export async function novelty(unit: AppraisalUnit, subject: Pick<AppraisalSubject, 'encodedAt'>): Promise<number> {
  const best = await unit.maxSimilarityToEarlier(subject.encodedAt);
  return best === null ? 1 : clamp(1 - best, -1, 1);
}
