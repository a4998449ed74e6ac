import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { AppraisalRepository } from '@limbic/graph';
import { JobProducer } from '@limbic/jobs';

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
export class PendingAppraisalSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('AppraisalSweep');
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    private readonly appraisals: AppraisalRepository,
    private readonly jobs: JobProducer,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweepOnce(), this.config.worker.sweepIntervalMs);
    this.timer.unref();
    void this.sweepOnce();
  }

  /** Returns how many memories were enqueued. Never throws: a failed sweep waits for the next. */
  async sweepOnce(now: number = Date.now()): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
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
    } catch (err) {
      this.log.warn(`sweep failed: ${(err as Error).message}`);
      return 0;
    } finally {
      this.running = false;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
