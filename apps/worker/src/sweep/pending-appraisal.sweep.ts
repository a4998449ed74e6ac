import { Inject, Injectable, Logger } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { AppraisalRepository } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { PeriodicSweep } from './periodic-sweep';

/**
 * Memories younger than this are left to the API's own enqueue. It only saves Redis a
 * duplicate add (the job id drops it anyway), so it never exceeds one sweep interval: a
 * memory encoded while Redis was down is picked up by the first sweep after it returns.
 */
const MAX_GRACE_MS = 10_000;
const BATCH = 500;

/**
 * Neo4j is the source of truth: any memory still pending after the grace period is
 * (re-)enqueued with its deterministic job id. This is what makes a Redis restart or flush
 * lose no work: duplicates are dropped by BullMQ, and the handler skips finished ones.
 */
@Injectable()
export class PendingAppraisalSweep extends PeriodicSweep {
  protected readonly log = new Logger('AppraisalSweep');
  readonly task = 'appraisal-sweep' as const;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    private readonly appraisals: AppraisalRepository,
    private readonly jobs: JobProducer,
  ) {
    super();
  }

  everyMs(): number {
    return this.config.worker.sweepIntervalMs;
  }

  /** Enqueues every memory still pending after the grace period; returns how many. */
  protected async sweep(now: number): Promise<number> {
    const grace = Math.min(MAX_GRACE_MS, this.config.worker.sweepIntervalMs);
    const pending = await this.appraisals.findPending(now - grace, BATCH, this.config.worker.sweepTenants);
    let enqueued = 0;
    for (const p of pending) {
      // Redis refused one: it is down, and the next sweep will try them all again.
      if (!(await this.jobs.enqueueAppraisal(p))) break;
      enqueued++;
    }
    if (enqueued > 0) this.log.log(`enqueued ${enqueued} pending appraisal(s)`);
    return enqueued;
  }
}
