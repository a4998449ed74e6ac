import type { Logger } from '@nestjs/common';
import { SCAN_START, type KeysetCursor } from '@limbic/graph';
import type { PeriodicTask } from '@limbic/jobs';
import type { PeriodicResult, PeriodicRun, PeriodicWork } from '../periodic/periodic-work';
import { NOTHING_DONE, type PageOutcome } from '../periodic/sweep-paging';

/**
 * A worker sweep, run once per period for the deployment by the `periodic` queue (see
 * periodic-schedules.ts), one bounded page per job and never throwing: a failed page logs and
 * ends the run, and the next period scans again. Subclasses say what one page does and how often.
 */
export abstract class PeriodicSweep implements PeriodicWork {
  protected abstract readonly log: Logger;
  abstract readonly task: PeriodicTask;

  abstract everyMs(): number;

  /** One page of the scan, after `after` (`first`: the run's first page); returns jobs added and where the scan goes on. */
  protected abstract sweepPage(now: number, after: KeysetCursor, first: boolean): Promise<PageOutcome>;

  async run(run: PeriodicRun): Promise<PeriodicResult> {
    const page = await this.pageOnce(run.now, run.page?.after ?? SCAN_START, run.page === undefined);
    return { summary: `enqueued ${page.handled}`, next: page.next };
  }

  /** One page; a failure is logged and ends the run. */
  async pageOnce(now: number, after: KeysetCursor, first: boolean): Promise<PageOutcome> {
    try {
      return await this.sweepPage(now, after, first);
    } catch (err) {
      this.log.warn(`sweep failed: ${(err as Error).message}`);
      return NOTHING_DONE;
    }
  }

  /** The whole scan in this process, page after page (tests); returns how many jobs were added. */
  async sweepOnce(now: number = Date.now()): Promise<number> {
    let page = await this.pageOnce(now, SCAN_START, true);
    let handled = page.handled;
    while (page.next) {
      page = await this.pageOnce(now, page.next, false);
      handled += page.handled;
    }
    return handled;
  }
}
