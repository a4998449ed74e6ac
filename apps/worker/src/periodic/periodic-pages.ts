import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { jobId, PRODUCER, QUEUE, QUEUE_SETTINGS, QueueFactory, type PeriodicJobV1, type PeriodicTask, type QueueSettingsTable, type RedisClient, type SweepPageV1 } from '@limbic/jobs';

/**
 * Adds a sweep's follow-on pages to the `periodic` queue. A page's id is its run and number, so
 * a page that is retried (its worker died after adding the next) adds nothing twice: BullMQ drops
 * an id it still holds, and `keepCompletedSeconds` keeps a finished page's id for longer than a run.
 */
@Injectable()
export class PeriodicPages implements OnApplicationShutdown {
  private readonly connection: RedisClient;
  private readonly queue: Queue;

  constructor(
    factory: QueueFactory,
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettingsTable,
  ) {
    this.connection = factory.connection(PRODUCER, 'periodic pages');
    this.queue = factory.queue(QUEUE.periodic, this.connection);
  }

  /** Throws when Redis refuses: the page's job then fails, and the next period scans again. */
  async add(task: PeriodicTask, page: SweepPageV1): Promise<void> {
    const s = this.settings.periodic;
    const data: PeriodicJobV1 = { v: 1, task, page };
    await this.queue.add(pageJobName(task), data, {
      jobId: jobId.sweepPage(page.run, page.index),
      attempts: s.attempts,
      removeOnComplete: { age: s.keepCompletedSeconds },
      removeOnFail: { age: s.keepFailedSeconds },
    });
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
