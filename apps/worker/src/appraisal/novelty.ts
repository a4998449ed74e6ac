import { noveltyFromSimilarity } from '@limbic/affect';
import type { AppraisalSubject, AppraisalUnit } from '@limbic/graph';

/**
 * The novelty check of one memory (libs/affect `noveltyFromSimilarity`) against the agent's
 * memories encoded before it. The agent's own nearest memory comes from the filtered vector
 * index, so it is the true best whatever else the index holds.
 */
export async function novelty(unit: AppraisalUnit, subject: Pick<AppraisalSubject, 'encodedAt'>): Promise<number> {
  return noveltyFromSimilarity(await unit.maxSimilarityToEarlier(subject.encodedAt));
}
