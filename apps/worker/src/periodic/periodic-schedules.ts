import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { PERIODIC_TASKS, QUEUE, QUEUE_SETTINGS, QueueFactory, PRODUCER, type PeriodicJobV1, type QueueSettingsTable, type RedisClient } from '@limbic/jobs';
import { PERIODIC_WORK, type PeriodicWork } from './periodic-work';

/** chosen: the longest a worker takes to put back schedulers that Redis lost (a FLUSHALL); at most the shortest period. */
const MAX_CHECK_EVERY_MS = 10_000;
/** chosen: a Redis restart or failover takes a few checks; more failures than this in a row are worth a warning. */
const FAILED_CHECKS_WORTH_A_WARNING = 3;

/**
 * Puts every periodic task's job scheduler in Redis. Every worker does, with the same ids: an
 * upsert of a scheduler that exists changes its period (the last booted worker's configuration
 * wins) without adding a run, so N workers still make one run per period. A task turned off
 * (period 0) has its scheduler removed.
 *
 * Redis holds the schedulers, and Neo4j's truth is only re-read by the sweeps they run: so each
 * worker also checks, every period and whenever its connection comes back, that they are still
 * there, and puts back the missing ones. The check is a read per task; the work itself still
 * runs once per period for the deployment.
 */
@Injectable()
export class PeriodicSchedules implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('PeriodicSchedules');
  private readonly connection: RedisClient;
  private readonly queue: Queue;
  private timer: NodeJS.Timeout | undefined;
  /** Checks failed in a row: a short outage stays at debug, a long one is said. */
  private failedChecks = 0;

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
    try {
      for (const w of this.work) await this.apply(w);
      this.log.log(`periodic work scheduled: ${this.work.map((w) => `${w.task} every ${w.everyMs()} ms`).join(', ')}`);
    } catch (err) {
      // Redis down at boot: the check below puts the schedulers there once it is back.
      this.log.warn(`could not schedule periodic work: ${(err as Error).message}`);
    }
    const periods = this.work.map((w) => w.everyMs()).filter((ms) => ms > 0);
    this.timer = setInterval(() => void this.restoreMissing(), Math.min(MAX_CHECK_EVERY_MS, ...periods));
    this.timer.unref();
    // A Redis that restarted empty is back: put the schedulers there before the next check.
    this.connection.on('ready', () => void this.restoreMissing());
  }

  /** Puts back the schedulers Redis no longer has; returns how many. Never throws. */
  async restoreMissing(): Promise<number> {
    let restored = 0;
    try {
      for (const w of this.work) {
        if (w.everyMs() === 0 || (await this.queue.getJobScheduler(w.task))) continue;
        await this.apply(w);
        restored++;
      }
      if (restored > 0) this.log.warn(`put back ${restored} periodic schedule(s) that Redis had lost`);
      this.failedChecks = 0;
    } catch (err) {
      this.failedChecks++;
      const message = `periodic schedule check failed (${this.failedChecks} in a row): ${(err as Error).message}`;
      if (this.failedChecks >= FAILED_CHECKS_WORTH_A_WARNING) this.log.warn(message);
      else this.log.debug(message);
    }
    return restored;
  }

  private async apply(w: PeriodicWork): Promise<void> {
    const every = w.everyMs();
    if (every === 0) {
      await this.queue.removeJobScheduler(w.task);
      return;
    }
    const s = this.settings.periodic;
    const data: PeriodicJobV1 = { v: 1, task: w.task };
    await this.queue.upsertJobScheduler(
      w.task,
      { every },
      { name: w.task, data, opts: { attempts: s.attempts, removeOnComplete: { age: s.keepCompletedSeconds }, removeOnFail: { age: s.keepFailedSeconds } } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
