import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { jobId, PRODUCER, QUEUE, QUEUE_SETTINGS, QueueFactory, type PeriodicJobV1, type PeriodicTask, type QueueSettingsTable, type RedisClient, type SweepPageV1 } from '@limbic/jobs';

/**
 * chosen: how long a run that added a page holds off its task's next runs without adding another.
 * Far longer than a page takes (LIMBIC_SWEEP_PAGE_MS, 5 s by default) plus a stalled page's
 * retry; a run whose worker died for good frees its task by then.
 */
const PAGING_LEASE_MS = 60_000;

/**
 * Adds a sweep's follow-on pages to the `periodic` queue. A page's id is its run and number, so
 * a page that is retried (its worker died after adding the next) adds nothing twice: BullMQ drops
 * an id it still holds, and `keepCompletedSeconds` keeps a finished page's id for longer than a run.
 *
 * While a run is adding pages it holds its task's paging lease (a Redis key naming the run), so
 * the next periods' runs of that task stand aside until it ends: a run that starts while another
 * pages reads the same pending rows just ahead of the other's cursor, and after a Redis flush
 * with a large backlog one run would start every period, each re-reading and re-adding the
 * rows in front of all of them.
 */
@Injectable()
export class PeriodicPages implements OnApplicationShutdown {
  private readonly connection: RedisClient;
  private readonly queue: Queue;

  constructor(
    private readonly factory: QueueFactory,
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettingsTable,
  ) {
    this.connection = factory.connection(PRODUCER, 'periodic pages');
    this.queue = factory.queue(QUEUE.periodic, this.connection);
  }

  /**
   * Takes (or renews) the task's paging lease for the page's run, then adds the page. The lease
   * comes first: a page that completed before it was written would leave it held for nothing.
   * Throws when Redis refuses: the page's job then fails, and the next period scans again.
   */
  async add(task: PeriodicTask, page: SweepPageV1): Promise<void> {
    const s = this.settings.periodic;
    const data: PeriodicJobV1 = { v: 1, task, page };
    await this.connection.set(this.leaseKey(task), page.run, 'PX', PAGING_LEASE_MS);
    try {
      await this.queue.add(pageJobName(task), data, {
        jobId: jobId.sweepPage(page.run, page.index),
        attempts: s.attempts,
        removeOnComplete: { age: s.keepCompletedSeconds },
        removeOnFail: { age: s.keepFailedSeconds },
      });
    } catch (err) {
      await this.ended(task, page.run).catch(() => undefined);
      throw err;
    }
  }

  /** The run of `task` that is still adding pages, or null. */
  pagingRun(task: PeriodicTask): Promise<string | null> {
    return this.connection.get(this.leaseKey(task));
  }

  /** `run` has read its last page: its task's next period may start a run. Another run's lease is left alone. */
  async ended(task: PeriodicTask, run: string): Promise<void> {
    if ((await this.connection.get(this.leaseKey(task))) === run) await this.connection.del(this.leaseKey(task));
  }

  private leaseKey(task: PeriodicTask): string {
    return `${this.factory.prefix}:sweep-paging:${task}`;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}

/** Follow-on pages are named apart from the scheduler's runs (`<task>`), which count one per period. */
export function pageJobName(task: PeriodicTask): string {
  return `${task}-page`;
}
