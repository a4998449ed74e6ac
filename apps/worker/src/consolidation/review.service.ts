import { Inject, Injectable, Logger } from '@nestjs/common';
import { cosineFromIndexScore, isNearDuplicateCosine, nearDuplicateMinIndexScore, type ArchiveThresholds } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { ConsolidationRepository, type DuplicateCandidate, type ReviewSubject, type ReviewUnit } from '@limbic/graph';
import { planReview } from './utils/plan-review';

/** How a review ended; all but `skipped-*` changed the graph. */
export type ReviewResultKind = 'reviewed' | 'archived' | 'merged' | 'skipped-missing' | 'skipped-done' | 'skipped-early';

/**
 * chosen: near-duplicates merged in one review at most. More copies (heartbeats, "ok, thanks")
 * merge at their own or a later review: a group merges into its oldest, so merges converge.
 */
const DUPLICATE_LIMIT = 32;
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
    @Inject(EMBEDDER) private readonly embedder: Pick<Embedder, 'cosineScale'>,
  ) {
    this.thresholds = config.consolidation.archive;
  }

  /** `signal` aborted (the attempt timed out) before commit: the transaction rolls back. */
  async review(tenantId: string, memoryId: string, reviewCount: number, now: number, signal?: AbortSignal): Promise<ReviewResultKind> {
    signal?.throwIfAborted();
    return this.consolidation.review(tenantId, memoryId, now, async (unit) => {
      const result = await this.reviewLocked(unit, reviewCount, now);
      signal?.throwIfAborted();
      return result;
    });
  }

  private async reviewLocked(unit: ReviewUnit, reviewCount: number, now: number): Promise<ReviewResultKind> {
    const loaded = await unit.load();
    if (!loaded || loaded.memory.archived) return 'skipped-missing';
    if (loaded.memory.reviewCount !== reviewCount) return 'skipped-done';
    if (loaded.memory.nextReviewAt === null || loaded.memory.nextReviewAt > now + EARLY_TOLERANCE_MS) return 'skipped-early';

    const merge = await this.mergeDuplicates(unit, loaded.memory);
    if (merge.survivorId !== loaded.memory.id) return 'merged';

    // Merging changed accesses, importance and edges: plan on the merged state.
    const current = merge.merged > 0 ? await unit.load() : loaded;
    if (!current) return 'skipped-missing';
    const plan = planReview(current.memory, current.edges, now, this.thresholds);
    await unit.pruneEdges(plan.prune);
    await unit.decayEdges(plan.decay);
    const applied = await unit.apply(reviewCount, plan);
    if (!applied) return 'skipped-done';
    return plan.archive ? 'archived' : 'reviewed';
  }

  /**
   * The memory's near-duplicates within its agent (cosine > 0.95): its nearest live memories
   * from the filtered vector index, so other agents' copies never crowd them out.
   */
  private async findTwins(unit: ReviewUnit, memory: ReviewSubject): Promise<DuplicateCandidate[]> {
    const scale = this.embedder.cosineScale;
    const near = await unit.nearDuplicates(memory.agentId, DUPLICATE_LIMIT, nearDuplicateMinIndexScore(scale));
    return near.filter((c) => isNearDuplicateCosine(cosineFromIndexScore(c.score, scale)));
  }

  /**
   * Folds the memory's near-duplicates of the same agent (cosine > 0.95) into the oldest of
   * the group; returns the survivor's id and how many were merged into it.
   */
  private async mergeDuplicates(unit: ReviewUnit, memory: ReviewSubject): Promise<{ survivorId: string; merged: number }> {
    const none = { survivorId: memory.id, merged: 0 };
    if (!memory.hasEmbedding) return none;
    const twins = await this.findTwins(unit, memory);
    if (twins.length === 0) return none;

    const group: DuplicateCandidate[] = [{ id: memory.id, score: 1, encodedAt: memory.encodedAt }, ...twins];
    const survivor = group.reduce((a, b) => (b.encodedAt < a.encodedAt || (b.encodedAt === a.encodedAt && b.id < a.id) ? b : a));
    let merged = 0;
    for (const m of group) {
      if (m.id !== survivor.id && (await unit.mergeInto(survivor.id, m.id))) {
        merged++;
        this.log.log(`merged memory ${m.id} into ${survivor.id}`);
      }
    }
    return { survivorId: survivor.id, merged };
  }
}
