import {
  affectFromArray,
  consolidationStrength,
  MOOD,
  momentumFromArray,
  type RecallCandidate,
} from '@limbic/affect';
import type { CandidateRecord, RecallGoal } from '@limbic/graph';

/**
 * A stored memory as libs/affect scores it. Memories written before a field existed get the
 * value the model would have given them: the mood baseline, consolidation from their own
 * arousal at a resting mood, no momentum (alignment 0.5).
 */
export function toRecallCandidate(c: CandidateRecord, bm25: number, goals: readonly RecallGoal[], episodeBm25 = 0): RecallCandidate {
  const m = c.memory;
  const affect = affectFromArray([m.valence, m.arousal, m.dominance]);
  const goalSimilarities: Record<string, number> = {};
  goals.forEach((g, i) => (goalSimilarities[g.id] = c.goalCosines[i] ?? 0));
  return {
    id: m.id,
    semanticSimilarity: c.cosine,
    bm25,
    episodeBm25,
    affect,
    moodAtEncoding: c.moodAtEncoding?.length === 3 ? affectFromArray(c.moodAtEncoding) : MOOD.baseline,
    ...(c.momentumAtEncoding?.length === 3 ? { momentumAtEncoding: momentumFromArray(c.momentumAtEncoding) } : {}),
    occurredAtMs: m.occurredAt,
    ...(c.lastAccessedAt !== null ? { lastAccessedAtMs: c.lastAccessedAt } : {}),
    accessCount: m.accessCount,
    consolidation: c.consolidation ?? consolidationStrength(affect.arousal, MOOD.baseline.arousal),
    importance: m.importance,
    tags: [...new Set([...m.tags.map((t) => t.toLowerCase()), ...c.concepts.map((t) => t.toLowerCase())])],
    goalSimilarities,
    hourOfDay: m.hourOfDay,
    sessionStartedAtMs: m.sessionStartedAt,
    encodedAtMs: m.encodedAt,
    speaker: m.speaker,
  };
}
