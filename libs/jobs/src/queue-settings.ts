import type { QueueName } from './queues';

export interface QueueSettings {
  /** Jobs processed at once by one worker process. */
  readonly concurrency: number;
  /** Tries before a job is kept as failed (with its reason) for inspection. */
  readonly attempts: number;
  readonly backoffMs: number;
  /** A job running longer than this is considered stalled and retried by BullMQ. */
  readonly lockDurationMs: number;
  /** Completed jobs are kept this long so a replayed enqueue with the same id is dropped. */
  readonly keepCompletedSeconds: number;
}

/** One place for worker tuning, per queue. */
export const QUEUE_SETTINGS: Readonly<Record<QueueName, QueueSettings>> = {
  appraisal: { concurrency: 4, attempts: 8, backoffMs: 1000, lockDurationMs: 60_000, keepCompletedSeconds: 3600 },
  'recall-effects': { concurrency: 4, attempts: 8, backoffMs: 1000, lockDurationMs: 60_000, keepCompletedSeconds: 3600 },
  consolidation: { concurrency: 2, attempts: 8, backoffMs: 5000, lockDurationMs: 120_000, keepCompletedSeconds: 86_400 },
};
