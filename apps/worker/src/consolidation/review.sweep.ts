import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { initialReviewSchedule, nextReviewAt, presetOf } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { ConsolidationRepository, type DueCursor, type DuePage, type DueReview } from '@limbic/graph';
import { reviewSweepDuration } from '@limbic/observability';
import type { PeriodicWork } from '../periodic/periodic-work';
import { CLOCK, type Clock } from './clock';
import { ReviewQueue } from './review-queue';

const PAGE = 1000;
/** Memories without a schedule given one per sweep (imports, data from before schedules). */
const BACKFILL_PER_SWEEP = 1000;
/** A review this much overdue should have run: check its job in Redis. */
const REPAIR_AFTER_MS = 60_000;
const REPAIR_PER_SWEEP = 1000;

export interface SweepReport {
  readonly scheduled: number;
  readonly backfilled: number;
  readonly promoted: number;
  readonly requeued: number;
  readonly failed: number;
  readonly ms: number;
}

const EMPTY: SweepReport = { scheduled: 0, backfilled: 0, promoted: 0, requeued: 0, failed: 0, ms: 0 };

/**
 * Neo4j's `nextReviewAt` is the truth; Redis only holds its near future. Each sweep turns
 * the reviews due within the horizon into delayed jobs (duplicates dropped by id), and
 * repairs overdue ones whose job Redis lost or holds under the wrong delay. A Redis flush
 * therefore loses no review: the next sweep puts every one of them back. It runs once per
 * period for the deployment (the `periodic` queue); the reviews it enqueues are jobs that every
 * worker takes, so N workers share the reviews of one sweep.
 */
@Injectable()
export class ReviewSweep implements PeriodicWork, BeforeApplicationShutdown {
  readonly task = 'review-sweep' as const;
  private readonly log = new Logger('ReviewSweep');
  private running: Promise<SweepReport> | undefined;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly consolidation: ConsolidationRepository,
    private readonly queue: ReviewQueue,
  ) {}

  everyMs(): number {
    return this.config.consolidation.sweepIntervalMs;
  }

  async run(): Promise<string> {
    const r = await this.sweepOnce();
    return `scheduled ${r.scheduled}, backfilled ${r.backfilled}, promoted ${r.promoted}, requeued ${r.requeued}`;
  }

  /** Never throws: a failed sweep waits for the next. Concurrent calls share one run. */
  sweepOnce(): Promise<SweepReport> {
    this.running ??= this.sweep().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweep(): Promise<SweepReport> {
    const started = performance.now();
    const now = this.clock.now();
    try {
      const backfilled = await this.backfill();
      // Wall clock, as BullMQ stamps finishedOn with it (the review clock may be simulated).
      const readStartedAt = Date.now();
      const { scheduled, overdue } = await this.scheduleDue(now);
      let promoted = 0;
      let requeued = 0;
      let failed = 0;
      for (const review of overdue) {
        const repair = await this.queue.repair(review, now, readStartedAt);
        if (repair === 'promoted') promoted++;
        else if (repair === 'requeued') requeued++;
        else if (repair === 'failed') failed++;
      }
      const ms = performance.now() - started;
      reviewSweepDuration.observe(ms / 1000);
      const report = { scheduled, backfilled, promoted, requeued, failed, ms };
      if (backfilled + promoted + requeued + failed > 0) this.log.log({ msg: 'review sweep', ...report });
      else this.log.debug({ msg: 'review sweep', ...report });
      return report;
    } catch (err) {
      this.log.warn(`review sweep failed: ${(err as Error).message}`);
      return EMPTY;
    }
  }

  /** Gives a schedule to memories stored without one (the encode path normally sets it). */
  private async backfill(): Promise<number> {
    const unscheduled = await this.consolidation.findUnscheduled(BACKFILL_PER_SWEEP, this.config.consolidation.tenants);
    return this.consolidation.setSchedules(
      unscheduled.map((m) => {
        // An old memory's first review is then already due: it is reviewed at the next sweep.
        const pace = presetOf(m.preset ?? '').reviewPace;
        const schedule = initialReviewSchedule(m.encodedAt, pace);
        const stability = m.stability ?? schedule.stability;
        return { tenantId: m.tenantId, memoryId: m.memoryId, stability, nextReviewAt: nextReviewAt(m.encodedAt, 0, stability, pace) };
      }),
    );
  }

  private async scheduleDue(now: number): Promise<{ scheduled: number; overdue: DueReview[] }> {
    const until = now + this.config.consolidation.horizonMs;
    const overdue: DueReview[] = [];
    let cursor: DueCursor | null = { at: 0, id: '' };
    let scheduled = 0;
    while (cursor && scheduled < this.config.consolidation.sweepMax) {
      const page: DuePage = await this.consolidation.findDue(until, cursor, Math.min(PAGE, this.config.consolidation.sweepMax - scheduled), this.config.consolidation.tenants);
      await this.queue.schedule(page.reviews, now);
      scheduled += page.reviews.length;
      for (const r of page.reviews) if (r.nextReviewAt <= now - REPAIR_AFTER_MS && overdue.length < REPAIR_PER_SWEEP) overdue.push(r);
      cursor = page.next;
    }
    return { scheduled, overdue };
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }
}
