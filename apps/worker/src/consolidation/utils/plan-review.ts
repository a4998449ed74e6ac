import {
  amplifyImportance,
  consolidationStrength,
  decayEdgeWeight,
  elapsedHours,
  MOOD,
  presetOf,
  reviewMemory,
  REVIEW,
  shouldArchive,
  shouldPruneEdge,
  type ArchiveThresholds,
} from '@limbic/affect';
import type { EdgeWeightChange, ReviewEdge, ReviewResult, ReviewSubject } from '@limbic/graph';

export interface ReviewPlan extends ReviewResult {
  readonly decay: readonly EdgeWeightChange[];
  readonly prune: readonly EdgeWeightChange[];
}

/**
 * What one review does to a memory and its edges, as of `now`. Pure: every formula comes
 * from libs/affect; this only decides which applies to what.
 *
 * - stability grows (more for arousing, important, often-recalled memories) and the next
 *   review is scheduled from now;
 * - importance is amplified for valuable memories;
 * - outgoing edges not used since the previous review (or encoding) decay by the time since
 *   they were last strengthened or decayed, so repeated reviews compound to exactly the
 *   half-life; those falling below the prune threshold are removed;
 * - faded, unimportant memories are archived (and get no next review);
 * - the agent's preset sets the pace of the schedule and how fast strength decays.
 */
export function planReview(memory: ReviewSubject, edges: readonly ReviewEdge[], now: number, thresholds: ArchiveThresholds): ReviewPlan {
  const preset = presetOf(memory.preset ?? '');
  const importance = amplifyImportance(memory.importance, memory);
  const next = reviewMemory(
    { stability: memory.stability ?? REVIEW.initialStability, reviewCount: memory.reviewCount, nextReviewAtMs: memory.nextReviewAt ?? now },
    { arousal: memory.arousal, importance, accessCount: memory.accessCount },
    now,
    preset.reviewPace,
  );
  const consolidation = memory.consolidation ?? consolidationStrength(memory.arousal, memory.moodArousal ?? MOOD.baseline.arousal);
  const lastUse = Math.max(memory.occurredAt, memory.lastAccessedAt ?? -Infinity);
  const archive = shouldArchive(
    {
      hoursSinceLastUse: elapsedHours(lastUse, now),
      arousal: memory.arousal,
      accessCount: memory.accessCount,
      consolidation,
      importance,
      decayScale: preset.decayScale,
    },
    thresholds,
  );

  const previousReview = memory.lastReviewedAt ?? memory.encodedAt;
  const decay: EdgeWeightChange[] = [];
  const prune: EdgeWeightChange[] = [];
  for (const edge of edges) {
    // Each edge is decayed by the reviews of its start node only: one owner per edge, so
    // concurrent reviews of two neighbours never write the same edge (no deadlocks).
    if (!edge.outgoing) continue;
    if (edge.lastUsedAt > previousReview) continue; // used since the last review: left alone
    const from = Math.max(edge.lastUsedAt, edge.decayedAt ?? -Infinity);
    const weight = decayEdgeWeight(edge.weight, elapsedHours(from, now));
    if (shouldPruneEdge(weight)) prune.push({ id: edge.id, expectedWeight: edge.weight, weight });
    else if (weight < edge.weight) decay.push({ id: edge.id, expectedWeight: edge.weight, weight });
  }

  // One lock order for every review: concurrent reviews of neighbours never deadlock on edges.
  const byId = (a: EdgeWeightChange, b: EdgeWeightChange) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    stability: next.stability,
    importance,
    nextReviewAt: archive ? null : next.nextReviewAtMs,
    archive,
    decay: decay.sort(byId),
    prune: prune.sort(byId),
  };
}
