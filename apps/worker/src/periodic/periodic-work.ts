import type { KeysetCursor } from '@limbic/graph';
import type { PeriodicTask, SweepPageV1 } from '@limbic/jobs';

/** One run of a task, or one follow-on page of a sweep's run. */
export interface PeriodicRun {
  readonly now: number;
  /** Absent on the scheduler's own job (the run's first page). */
  readonly page?: SweepPageV1;
}

export interface PeriodicResult {
  /** What it did, for the log line. */
  readonly summary: string;
  /** Where a sweep's scan goes on, in a follow-on page that any worker takes; null: done. */
  readonly next: KeysetCursor | null;
}

/**
 * Work that runs once per period for the whole deployment, however many workers run: a BullMQ
 * job scheduler adds one `periodic` job per period and one worker takes it (periodic.processor.ts).
 * A sweep reads one bounded page per job and says where the next page starts; the processor
 * adds that page as a job of its own (periodic-pages.ts), so N workers share a large scan.
 * `run` must be idempotent: a run (or page) cut short by a crash is taken up by another worker.
 */
export interface PeriodicWork {
  readonly task: PeriodicTask;
  /** The period; 0 turns the task off. */
  everyMs(): number;
  run(run: PeriodicRun): Promise<PeriodicResult>;
}

export const PERIODIC_WORK = Symbol('PERIODIC_WORK');
