import { Injectable, Logger } from '@nestjs/common';
import { SIGNAL_NAMES } from '@limbic/affect';
import { RecallEffectsRepository } from '@limbic/graph';
import { JobProducer, type RecallEffectsJobV1 } from '@limbic/jobs';

/**
 * Hands a recall's effects to the worker without making the answer wait: after the answer,
 * the recall is recorded in Neo4j as pending (what the worker's sweep re-enqueues if Redis
 * loses the job, and what feedback learns from), then its job is added. Both run in the
 * producer's background slot, bounded like every background add; a failed record is logged
 * and the job is still added (the worker then writes the record itself).
 */
@Injectable()
export class RecallEffectsDispatcher {
  private readonly log = new Logger('RecallEffects');

  constructor(
    private readonly records: RecallEffectsRepository,
    private readonly jobs: JobProducer,
  ) {}

  dispatchInBackground(payload: Omit<RecallEffectsJobV1, 'v'>): Promise<void> {
    return this.jobs.enqueueRecallEffectsInBackground(payload, () => this.record(payload));
  }

  private async record(p: Omit<RecallEffectsJobV1, 'v'>): Promise<void> {
    try {
      const items = [...p.items].sort((x, y) => x.rank - y.rank);
      await this.records.recordPending(
        {
          tenantId: p.tenantId,
          agentId: p.agentId,
          recallId: p.recallId,
          now: p.now,
          memoryIds: items.map((i) => i.memoryId),
          signals: items.flatMap((i) => SIGNAL_NAMES.map((_, k) => i.signals[k] ?? 0)),
          concepts: p.concepts,
          focusId: p.focusId,
          weights: p.weights ?? null,
          queryType: p.queryType ?? null,
        },
        Date.now(),
      );
    } catch (err) {
      this.log.warn(`could not record recall ${p.recallId} as pending: ${(err as Error).message}; its job is still added`);
    }
  }
}
