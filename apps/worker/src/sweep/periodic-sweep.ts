import type { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/**
 * A worker sweep: runs at boot and then every `intervalMs`, one at a time (a sweep still running
 * when the timer fires is not doubled), and never throws: a failed sweep logs and waits for the
 * next. Subclasses say what one sweep does (`sweep`) and how often.
 */
export abstract class PeriodicSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly log: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  protected abstract intervalMs(): number;

  /** One sweep; returns how many jobs it enqueued. */
  protected abstract sweep(now: number): Promise<number>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweepOnce(), this.intervalMs());
    this.timer.unref();
    void this.sweepOnce();
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

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
