import { Injectable } from '@nestjs/common';
import { decodeAgentState, RecallEffectsRepository } from '@limbic/graph';
import type { JobOutcome, RecallEffectsJobV1 } from '@limbic/jobs';
import { CO_RECALLED_TOP, planRecallEffects } from './plan-recall-effects';

/**
 * Applies a recall's effects once: a replayed or duplicated job (a retry, the sweep's re-add
 * after Redis lost the first) is skipped, by the recall's record in Neo4j.
 */
@Injectable()
export class RecallEffectsService {
  constructor(private readonly effects: RecallEffectsRepository) {}

  /** `signal` aborted (the attempt timed out) before the writes: the transaction rolls back. */
  apply(job: RecallEffectsJobV1, signal?: AbortSignal): Promise<JobOutcome> {
    const ordered = [...job.items].sort((x, y) => x.rank - y.rank);
    return this.effects.apply(
      {
        tenantId: job.tenantId,
        agentId: job.agentId,
        recallId: job.recallId,
        now: job.now,
        memoryIds: ordered.map((i) => i.memoryId),
        coRecalledIds: ordered.slice(0, CO_RECALLED_TOP).map((i) => i.memoryId),
        weights: job.weights ?? null,
        queryType: job.queryType ?? null,
        appliedAt: Date.now(),
      },
      (snapshot) => {
        signal?.throwIfAborted();
        return planRecallEffects(snapshot, decodeAgentState(snapshot.agent), { ...job, items: ordered });
      },
    );
  }
}
