import { Inject, Injectable, Logger } from '@nestjs/common';
import { cosineFromIndexScore, isNearDuplicateCosine, NEAR_DUPLICATE_MIN_INDEX_SCORE, type ArchiveThresholds } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { ConsolidationRepository, type DuplicateCandidate, type ReviewSubject, type ReviewUnitOfWork } from '@limbic/graph';
import { planReview } from './utils/plan-review';

/** How a review ended; all but `skipped-*` changed the graph. */
export type ReviewResultKind = 'reviewed' | 'archived' | 'merged' | 'skipped-missing' | 'skipped-done' | 'skipped-early';

/** Neighbours first fetched from the shared vector index when looking for near-duplicates. */
const DUPLICATE_FETCH = 32;
/** Widening (×8 a step) stops here; past it the agent is scanned exactly. */
const DUPLICATE_FETCH_MAX = 2048;
const DUPLICATE_EXACT_LIMIT = 32;
/** A job may run a little before its memory is due (clocks of sweep and worker differ). */
const EARLY_TOLERANCE_MS = 60_000;

/**
 * One spaced review of one memory, in one write transaction that first locks the memory:
 * merge near-duplicates (the older memory survives), decay and prune unused edges, raise
 * stability and schedule the next review, amplify importance, archive what has faded.
 * Conditional on the review number, so a replayed job takes effect once.
 */
@Injectable()
export class ReviewService {
  private readonly log = new Logger('Review');
  private readonly thresholds: ArchiveThresholds;

  constructor(
    private readonly consolidation: ConsolidationRepository,
    @Inject(LIMBIC_CONFIG) config: LimbicConfig,
  ) {
    this.thresholds = {
      strengthBelow: config.consolidation.archiveStrengthBelow,
      importanceBelow: config.consolidation.archiveImportanceBelow,
    };
  }

  /** `signal` aborted (the attempt timed out) before commit: the transaction rolls back. */
  async review(tenantId: string, memoryId: string, reviewCount: number, now: number, signal?: AbortSignal): Promise<ReviewResultKind> {
    signal?.throwIfAborted();
    return this.consolidation.review(tenantId, memoryId, now, async (uow) => {
      const result = await this.reviewLocked(uow, reviewCount, now);
      signal?.throwIfAborted();
      return result;
    });
  }

  private async reviewLocked(uow: ReviewUnitOfWork, reviewCount: number, now: number): Promise<ReviewResultKind> {
    const loaded = await uow.load();
    if (!loaded || loaded.memory.archived) return 'skipped-missing';
    if (loaded.memory.reviewCount !== reviewCount) return 'skipped-done';
    if (loaded.memory.nextReviewAt === null || loaded.memory.nextReviewAt > now + EARLY_TOLERANCE_MS) return 'skipped-early';

    const merge = await this.mergeDuplicates(uow, loaded.memory);
    if (merge.survivorId !== loaded.memory.id) return 'merged';

    // Merging changed accesses, importance and edges: plan on the merged state.
    const current = merge.merged > 0 ? await uow.load() : loaded;
    if (!current) return 'skipped-missing';
    const plan = planReview(current.memory, current.edges, now, this.thresholds);
    await uow.pruneEdges(plan.prune);
    await uow.decayEdges(plan.decay);
    const applied = await uow.apply(reviewCount, plan);
    if (!applied) return 'skipped-done';
    return plan.archive ? 'archived' : 'reviewed';
  }

  /**
   * The memory's near-duplicates within its agent. When every fetched neighbour is a
   * near-duplicate of it (the fetch is "crowded"), there may be more beyond the fetch:
   *  - if some are this agent's, those are merged now, and the rest at their own or a later
   *    review (a group merges into its oldest, so repeated merges converge);
   *  - if none is, other agents' copies may hide this agent's twins: the fetch widens ×8 up
   *    to DUPLICATE_FETCH_MAX, and only then is the agent scanned exactly.
   * The exact scan used to run whenever the fetch was crowded: an agent of 100,000 memories
   * with many identical ones (heartbeats, "ok, thanks") paid ≈ 4 s for it on every review,
   * under the memory's write lock (consolidation bench, 2026-11-30).
   */
  private async findTwins(uow: ReviewUnitOfWork): Promise<DuplicateCandidate[]> {
    const isTwin = (c: DuplicateCandidate) => c.sameAgent && isNearDuplicateCosine(cosineFromIndexScore(c.score));
    for (let fetch = DUPLICATE_FETCH; fetch <= DUPLICATE_FETCH_MAX; fetch *= 8) {
      const candidates = await uow.duplicatesFromIndex(fetch, NEAR_DUPLICATE_MIN_INDEX_SCORE);
      const twins = candidates.filter(isTwin);
      const crowded = candidates.length >= fetch - 1;
      if (!crowded || twins.length > 0) return twins;
    }
    return (await uow.duplicatesExact(NEAR_DUPLICATE_MIN_INDEX_SCORE, DUPLICATE_EXACT_LIMIT)).filter(isTwin);
  }

  /**
   * Folds the memory's near-duplicates of the same agent (cosine > 0.95) into the oldest of
   * the group; returns the survivor's id and how many were merged into it.
   */
  private async mergeDuplicates(uow: ReviewUnitOfWork, memory: ReviewSubject): Promise<{ survivorId: string; merged: number }> {
    const none = { survivorId: memory.id, merged: 0 };
    if (!memory.hasEmbedding) return none;
    const twins = await this.findTwins(uow);
    if (twins.length === 0) return none;

    const group: DuplicateCandidate[] = [{ id: memory.id, score: 1, sameAgent: true, encodedAt: memory.encodedAt }, ...twins];
    const survivor = group.reduce((a, b) => (b.encodedAt < a.encodedAt || (b.encodedAt === a.encodedAt && b.id < a.id) ? b : a));
    let merged = 0;
    for (const m of group) {
      if (m.id !== survivor.id && (await uow.mergeInto(survivor.id, m.id))) {
        merged++;
        this.log.log(`merged memory ${m.id} into ${survivor.id}`);
      }
    }
    return { survivorId: survivor.id, merged };
  }
}
