import { Inject, Injectable, Logger } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { AppraisalRepository, type KeysetCursor } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';
import { deadline, walkPage, type PageOutcome } from '../periodic/sweep-paging';
import { PeriodicSweep } from './periodic-sweep';

/**
 * Memories younger than this are left to the API's own enqueue. It only saves Redis a
 * duplicate add (the job id drops it anyway), so it never exceeds one sweep interval: a
 * memory encoded while Redis was down is picked up by the first sweep after it returns.
 */
const MAX_GRACE_MS = 10_000;

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
    return this.config.worker.pendingSweepIntervalMs;
  }

  /** Enqueues one page of the memories still pending after the grace period, oldest first. */
  protected async sweepPage(now: number, after: KeysetCursor): Promise<PageOutcome> {
    const grace = Math.min(MAX_GRACE_MS, this.config.worker.pendingSweepIntervalMs);
    const { sweepPageSize, sweepPageMs, sweepTenants } = this.config.worker;
    const timeUp = deadline(sweepPageMs);
    const page = await this.appraisals.findPending(now - grace, after, sweepPageSize, sweepTenants);
    // A refusal means Redis is down: the run ends, and the next period scans again.
    const outcome = await walkPage(page, (p) => this.jobs.enqueueAppraisal(p), timeUp);
    if (outcome.handled > 0) this.log.log(`enqueued ${outcome.handled} pending appraisal(s)`);
    return outcome;
  }
}
