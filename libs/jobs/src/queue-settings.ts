import type { QueueName } from './queues';

export interface QueueSettings {
  /** Jobs processed at once by one worker process. */
  readonly concurrency: number;
  /** Tries before a job is kept as failed (with its reason) for inspection. */
  readonly attempts: number;
  /** First retry delay; doubles on each further attempt (exponential backoff). */
  readonly backoffMs: number;
  /**
   * Lock held by the worker running a job, renewed every half period while it runs. When a
   * worker dies (SIGKILL, OOM) the lock expires and the job is retried by another worker.
   */
  readonly lockDurationMs: number;
  /** How often a worker looks for jobs whose lock expired (stalled jobs). */
  readonly stalledIntervalMs: number;
  /** A job may stall this often before it is failed for good. */
  readonly maxStalledCount: number;
  /** A single attempt running longer than this fails (and is retried with backoff). */
  readonly timeoutMs: number;
  /** Completed jobs are kept this long so a replayed enqueue with the same id is dropped. */
  readonly keepCompletedSeconds: number;
  /** Jobs that failed for good are kept this long (visible in the dashboard and metrics). */
  readonly keepFailedSeconds: number;
}

const WEEK_SECONDS = 7 * 86_400;

/** One place for worker tuning, per queue. */
export const QUEUE_SETTINGS: Readonly<Record<QueueName, QueueSettings>> = {
  appraisal: {
    concurrency: 4,
    attempts: 8,
    backoffMs: 1000,
    lockDurationMs: 60_000,
    stalledIntervalMs: 30_000,
    maxStalledCount: 1,
    timeoutMs: 60_000,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: WEEK_SECONDS,
  },
  'recall-effects': {
    concurrency: 4,
    attempts: 8,
    backoffMs: 1000,
    lockDurationMs: 60_000,
    stalledIntervalMs: 30_000,
    maxStalledCount: 1,
    timeoutMs: 60_000,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: WEEK_SECONDS,
  },
  // A review is one short write transaction. A short lock makes a crashed worker's reviews
  // come back within ~20 s; they are idempotent (conditional on reviewCount), so a retry of
  // a review that did commit is skipped.
  consolidation: {
    concurrency: 4,
    attempts: 8,
    backoffMs: 5000,
    lockDurationMs: 15_000,
    stalledIntervalMs: 5_000,
    maxStalledCount: 3,
    timeoutMs: 60_000,
    // Each review has its own id (memory + review number), so this only needs to outlast the
    // sweep horizon: the sweep's repeated enqueues of a finished review are then dropped.
    keepCompletedSeconds: 1800,
    keepFailedSeconds: 30 * 86_400,
  },
};
