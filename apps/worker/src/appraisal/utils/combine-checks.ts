import { clampAppraisal, goalAppraisal, LEXICON, type AppraisalVector, type GoalMatch } from '@limbic/affect';
import type { TextChecks } from '../text-appraiser';

/**
 * The five checks of DESIGN §3 from their three sources: novelty from the graph, goal
 * conduciveness and relevance from the agent's goals, coping and norm from the appraiser.
 *
 * With goals to compare with, conduciveness is the event's tone × its goal relevance
 * (goalAppraisal) and self relevance is the goal relevance, raised to the appraiser's own
 * reading when it has one (an LLM can tell that "I broke my arm" concerns the agent even
 * when no goal mentions arms). Without goals, the appraiser's conduciveness and self
 * relevance stand, the lexicon's defaulting to 0.5 — exactly libs/affect's lexiconAppraisal.
 */
export function combineChecks(text: TextChecks, novelty: number, goals: readonly GoalMatch[]): AppraisalVector {
  if (goals.length === 0) {
    return clampAppraisal({
      novelty,
      goalConduciveness: text.goalConduciveness,
      copingPotential: text.copingPotential,
      normCompatibility: text.normCompatibility,
      selfRelevance: text.selfRelevance ?? LEXICON.defaultSelfRelevance,
    });
  }
  const fromGoals = goalAppraisal(goals, text.tone);
  return clampAppraisal({
    novelty,
    goalConduciveness: fromGoals.goalConduciveness,
    copingPotential: text.copingPotential,
    normCompatibility: text.normCompatibility,
    selfRelevance: Math.max(fromGoals.selfRelevance, text.selfRelevance ?? 0),
  });
}
