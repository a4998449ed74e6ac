import type { Logger } from '@nestjs/common';
import type { PeriodicTask } from '@limbic/jobs';
import type { PeriodicWork } from '../periodic/periodic-work';

/**
 * A worker sweep, run once per period for the deployment by the `periodic` queue (see
 * periodic-schedules.ts), one at a time within a process, and never throwing: a failed sweep
 * logs and waits for the next period. Subclasses say what one sweep does (`sweep`) and how often.
 */
export abstract class PeriodicSweep implements PeriodicWork {
  protected abstract readonly log: Logger;
  abstract readonly task: PeriodicTask;
  private running = false;

  abstract everyMs(): number;

  /** One sweep; returns how many jobs it enqueued. */
  protected abstract sweep(now: number): Promise<number>;

  async run(now: number): Promise<string> {
    return `enqueued ${await this.sweepOnce(now)}`;
  }

  /** Returns how many jobs were enqueued; 0 when a sweep is already running or this one failed. */
  async sweepOnce(now: number = Date.now()): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      return await this.sweep(now);
    } catch (err) {
      this.log.warn(`sweep failed: ${(err as Error).message}`);
      return 0;
    } finally {
      this.running = false;
    }
  }
}
