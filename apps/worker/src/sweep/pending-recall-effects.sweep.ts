import { Inject, Injectable, Logger } from '@nestjs/common';
import { SIGNAL_NAMES } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { RecallEffectsRepository, type RecallRecord } from '@limbic/graph';
import { JobProducer, type RecallEffectsJobV1 } from '@limbic/jobs';
import { PeriodicSweep } from './periodic-sweep';

/** As for appraisals: younger records are left to the API's own enqueue (at most one sweep interval). */
const MAX_GRACE_MS = 10_000;
const BATCH = 500;

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
    return this.config.worker.sweepIntervalMs;
  }

  protected async sweep(now: number): Promise<number> {
    const tenants = this.config.worker.sweepTenants;
    const expired = await this.records.expire(now - this.config.worker.recallRecordRetentionMs, BATCH, tenants);
    if (expired.pending > 0) this.log.warn(`gave up the effects of ${expired.pending} recall(s) pending longer than the retention`);
    const grace = Math.min(MAX_GRACE_MS, this.config.worker.sweepIntervalMs);
    let enqueued = 0;
    for (const r of await this.records.findPending(now - grace, BATCH, tenants)) {
      // Redis refused one: it is down, and the next sweep will try them all again.
      if (!(await this.jobs.enqueueRecallEffects(toJob(r)))) break;
      enqueued++;
    }
    if (enqueued > 0) this.log.log(`enqueued ${enqueued} pending recall effect(s)`);
    return enqueued;
  }
}

/** The job the API enqueued, rebuilt from the record (items are stored best first). */
export function toJob(r: RecallRecord): Omit<RecallEffectsJobV1, 'v'> {
  const n = SIGNAL_NAMES.length;
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
