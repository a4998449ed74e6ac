import { Inject, Injectable, Logger } from '@nestjs/common';
import { signalStride } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { RecallEffectsRepository, type KeysetCursor, type RecallRecord } from '@limbic/graph';
import { JobProducer, type RecallEffectsJobV1 } from '@limbic/jobs';
import { deadline, walkPage, type PageOutcome } from '../periodic/sweep-paging';
import { PeriodicSweep } from './periodic-sweep';

/** As for appraisals: younger records are left to the API's own enqueue (at most one sweep interval). */
const MAX_GRACE_MS = 10_000;
/** Records older than the retention deleted per run (each kind), on the run's first page. */
const EXPIRE_PER_RUN = 500;

/**
 * Recall effects survive Redis like appraisals do: the API records every recall in Neo4j,
 * pending, and this sweep (re-)enqueues those still pending after the grace period under the
 * recall's deterministic job id. The handler applies a recall once (its record says whether
 * it was), so a job the sweep adds while the first is still queued, or a retry, changes nothing.
 * Each sweep also deletes records older than the retention, applied or not, so they stay bounded.
 */
@Injectable()
export class PendingRecallEffectsSweep extends PeriodicSweep {
  protected readonly log = new Logger('RecallEffectsSweep');
  readonly task = 'recall-effects-sweep' as const;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    private readonly records: RecallEffectsRepository,
    private readonly jobs: JobProducer,
  ) {
    super();
  }

  everyMs(): number {
    return this.config.worker.pendingSweepIntervalMs;
  }

  protected async sweepPage(now: number, after: KeysetCursor, first: boolean): Promise<PageOutcome> {
    const { sweepPageSize, sweepPageMs, sweepTenants: tenants } = this.config.worker;
    const timeUp = deadline(sweepPageMs);
    if (first) {
      const expired = await this.records.expire(now - this.config.worker.recallRecordRetentionMs, EXPIRE_PER_RUN, tenants);
      if (expired.pending > 0) this.log.warn(`gave up the effects of ${expired.pending} recall(s) pending longer than the retention`);
    }
    const grace = Math.min(MAX_GRACE_MS, this.config.worker.pendingSweepIntervalMs);
    const page = await this.records.findPending(now - grace, after, sweepPageSize, tenants);
    // A refusal means Redis is down: the run ends, and the next period scans again.
    const outcome = await walkPage(page, (r) => this.jobs.enqueueRecallEffects(toJob(r)), timeUp);
    if (outcome.handled > 0) this.log.log(`enqueued ${outcome.handled} pending recall effect(s)`);
    return outcome;
  }
}

/** The job the API enqueued, rebuilt from the record (items are stored best first). */
export function toJob(r: RecallRecord): Omit<RecallEffectsJobV1, 'v'> {
  // Records written before temporal state hold twelve signals per memory.
  const n = signalStride(r.signals.length, r.memoryIds.length);
  return {
    tenantId: r.tenantId,
    agentId: r.agentId,
    recallId: r.recallId,
    now: r.now,
    items: r.memoryIds.map((memoryId, i) => ({ memoryId, rank: i + 1, signals: r.signals.slice(i * n, (i + 1) * n) })),
    concepts: r.concepts,
    focusId: r.focusId,
    ...(r.workspace !== null ? { workspace: r.workspace } : {}),
    ...(r.weights !== null ? { weights: r.weights } : {}),
    ...(r.queryType !== null ? { queryType: r.queryType } : {}),
  };
}
