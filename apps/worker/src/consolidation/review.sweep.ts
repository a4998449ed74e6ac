import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { initialReviewSchedule, nextReviewAt, presetOf } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { ConsolidationRepository, SCAN_START, type DueCursor, type DuePage } from '@limbic/graph';
import { reviewSweepDuration } from '@limbic/observability';
import type { PeriodicResult, PeriodicRun, PeriodicWork } from '../periodic/periodic-work';
import { pageLimit } from '../periodic/sweep-paging';
import { CLOCK, type Clock } from './clock';
import { ReviewQueue } from './review-queue';

/** Memories without a schedule given one per run (imports, data from before schedules). */
const BACKFILL_PER_RUN = 1000;
/** A review this much overdue should have run: check its job in Redis. */
const REPAIR_AFTER_MS = 60_000;
const REPAIR_PER_PAGE = 1000;

export interface SweepReport {
  readonly scheduled: number;
  readonly backfilled: number;
  readonly promoted: number;
  readonly requeued: number;
  readonly failed: number;
  readonly ms: number;
}

/** One page's report, and where the scan goes on (null: done). */
interface PageReport extends SweepReport {
  readonly next: DueCursor | null;
}

const EMPTY: PageReport = { scheduled: 0, backfilled: 0, promoted: 0, requeued: 0, failed: 0, ms: 0, next: null };

/**
 * Neo4j's `nextReviewAt` is the truth; Redis only holds its near future. Each sweep turns
 * the reviews due within the horizon into delayed jobs (duplicates dropped by id), and
 * repairs overdue ones whose job Redis lost or holds under the wrong delay. A Redis flush
 * therefore loses no review: the next sweep puts every one of them back. It runs once per
 * period for the deployment (the `periodic` queue), one page (LIMBIC_SWEEP_PAGE_SIZE rows in
 * due order) per job: a page says where the next starts, and that page is a job any worker
 * takes, so N workers share both the scan and the reviews it enqueues.
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

  async run(run: PeriodicRun): Promise<PeriodicResult> {
    const r = await this.page(run.page?.index ?? 0, run.page?.after ?? SCAN_START);
    return { summary: `scheduled ${r.scheduled}, backfilled ${r.backfilled}, promoted ${r.promoted}, requeued ${r.requeued}`, next: r.next };
  }

  /** The whole sweep in this process, page after page. Never throws; concurrent calls share one run. */
  sweepOnce(): Promise<SweepReport> {
    this.running ??= this.sweepAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepAll(): Promise<SweepReport> {
    let page = await this.page(0, SCAN_START);
    let total: SweepReport = page;
    for (let index = 1; page.next; index++) {
      page = await this.page(index, page.next);
      total = {
        scheduled: total.scheduled + page.scheduled,
        backfilled: total.backfilled + page.backfilled,
        promoted: total.promoted + page.promoted,
        requeued: total.requeued + page.requeued,
        failed: total.failed + page.failed,
        ms: total.ms + page.ms,
      };
    }
    return total;
  }

  /**
   * Page `index` of a run: the first also backfills. A run reads at most LIMBIC_REVIEW_SWEEP_MAX
   * rows; the rest wait for the next period. A failed page logs and ends the run.
   */
  private async page(index: number, after: DueCursor): Promise<PageReport> {
    const started = performance.now();
    const { sweepMax, horizonMs, tenants } = this.config.consolidation;
    const size = this.config.worker.sweepPageSize;
    try {
      const backfilled = index === 0 ? await this.backfill() : 0;
      const limit = pageLimit(index, size, sweepMax);
      if (limit === 0) return { ...EMPTY, backfilled };
      const now = this.clock.now();
      // Wall clock, as BullMQ stamps finishedOn with it (the review clock may be simulated).
      const readStartedAt = Date.now();
      const page: DuePage = await this.consolidation.findDue(now + horizonMs, after, limit, tenants);
      await this.queue.schedule(page.reviews, now);
      let promoted = 0;
      let requeued = 0;
      let failed = 0;
      const overdue = page.reviews.filter((r) => r.nextReviewAt <= now - REPAIR_AFTER_MS).slice(0, REPAIR_PER_PAGE);
      for (const review of overdue) {
        const repair = await this.queue.repair(review, now, readStartedAt);
        if (repair === 'promoted') promoted++;
        else if (repair === 'requeued') requeued++;
        else if (repair === 'failed') failed++;
      }
      const ms = performance.now() - started;
      reviewSweepDuration.observe(ms / 1000);
      const next = page.next && pageLimit(index + 1, size, sweepMax) > 0 ? page.next : null;
      const report = { scheduled: page.reviews.length, backfilled, promoted, requeued, failed, ms, next };
      if (backfilled + promoted + requeued + failed > 0) this.log.log({ msg: 'review sweep', page: index, ...report });
      else this.log.debug({ msg: 'review sweep', page: index, ...report });
      return report;
    } catch (err) {
      this.log.warn(`review sweep failed: ${(err as Error).message}`);
      return EMPTY;
    }
  }

  /** Gives a schedule to memories stored without one (the encode path normally sets it). */
  private async backfill(): Promise<number> {
    const unscheduled = await this.consolidation.findUnscheduled(BACKFILL_PER_RUN, this.config.consolidation.tenants);
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

  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }
}
