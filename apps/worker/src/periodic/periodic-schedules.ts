import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { PERIODIC_TASKS, QUEUE, QUEUE_SETTINGS, QueueFactory, PRODUCER, type PeriodicJobV1, type QueueSettingsTable, type RedisClient } from '@limbic/jobs';
import { PERIODIC_WORK, type PeriodicWork } from './periodic-work';

/**
 * Puts every periodic task's job scheduler in Redis at boot. Every worker does, with the same
 * ids: an upsert of a scheduler that exists changes its period (the last booted worker's
 * configuration wins) without adding a run, so N workers still make one run per period.
 * A task turned off (period 0) has its scheduler removed.
 */
@Injectable()
export class PeriodicSchedules implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('PeriodicSchedules');
  private readonly connection: RedisClient;
  private readonly queue: Queue;

  constructor(
    factory: QueueFactory,
    @Inject(PERIODIC_WORK) private readonly work: readonly PeriodicWork[],
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettingsTable,
  ) {
    const missing = PERIODIC_TASKS.filter((t) => !work.some((w) => w.task === t));
    if (missing.length > 0) throw new Error(`no periodic work for task(s): ${missing.join(', ')}`);
    this.connection = factory.connection(PRODUCER, 'periodic schedules');
    this.queue = factory.queue(QUEUE.periodic, this.connection);
  }

  async onApplicationBootstrap(): Promise<void> {
    const s = this.settings.periodic;
    try {
      for (const w of this.work) {
        const every = w.everyMs();
        if (every === 0) {
          await this.queue.removeJobScheduler(w.task);
          continue;
        }
        const data: PeriodicJobV1 = { v: 1, task: w.task };
        await this.queue.upsertJobScheduler(
          w.task,
          { every },
          { name: w.task, data, opts: { attempts: s.attempts, removeOnComplete: { age: s.keepCompletedSeconds }, removeOnFail: { age: s.keepFailedSeconds } } },
        );
      }
      this.log.log(`periodic work scheduled: ${this.work.map((w) => `${w.task} every ${w.everyMs()} ms`).join(', ')}`);
    } catch (err) {
      // Redis down at boot: the schedulers another worker put there keep running; this worker
      // still serves their jobs. Its own settings are applied at its next boot.
      this.log.warn(`could not schedule periodic work: ${(err as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
