import type { PeriodicTask } from '@limbic/jobs';

/**
 * Work that runs once per period for the whole deployment, however many workers run: a BullMQ
 * job scheduler adds one `periodic` job per period and one worker takes it (periodic.processor.ts).
 * `run` must be idempotent: a run cut short by a crash is taken up by another worker.
 */
export interface PeriodicWork {
  readonly task: PeriodicTask;
  /** The period; 0 turns the task off. */
  everyMs(): number;
  /** One run; says what it did, for the log line. */
  run(now: number): Promise<string>;
}

export const PERIODIC_WORK = Symbol('PERIODIC_WORK');
