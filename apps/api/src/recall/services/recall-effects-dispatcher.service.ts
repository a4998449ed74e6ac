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
 *
 * Feedback an agent sends right after the answer would otherwise race the record's write and
 * find no recall: `recordWritten` lets it wait for this process's own write. A recall answered
 * by another replica has no such promise here; that gap stays (README: recall records).
 */
@Injectable()
export class RecallEffectsDispatcher {
  private readonly log = new Logger('RecallEffects');
  /** Records this process is writing, by tenant and recall; each settles (never rejects) when its write ends. */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(
    private readonly records: RecallEffectsRepository,
    private readonly jobs: JobProducer,
  ) {}

  dispatchInBackground(payload: Omit<RecallEffectsJobV1, 'v'>): Promise<void> {
    const key = writingKey(payload.tenantId, payload.recallId);
    let settle!: () => void;
    this.writing.set(key, new Promise<void>((resolve) => (settle = resolve)));
    return this.jobs.enqueueRecallEffectsInBackground(payload, () =>
      this.record(payload).finally(() => {
        this.writing.delete(key);
        settle();
      }),
    );
  }

  /** Settles once this process's write of the recall's record has ended; at once when it is writing none. */
  recordWritten(tenantId: string, recallId: string): Promise<void> {
    return this.writing.get(writingKey(tenantId, recallId)) ?? Promise.resolve();
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
          workspace: p.workspace ?? null,
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

function writingKey(tenantId: string, recallId: string): string {
  return `${tenantId}\u0000${recallId}`;
}
