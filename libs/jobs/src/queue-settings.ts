import { ConfigError } from '@limbic/config';
import { QUEUE, type QueueName } from './queues';

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
  /**
   * A single attempt running longer than this fails (and is retried with backoff); the
   * handler's AbortSignal fires, so it stops before its next transaction (see with-timeout.ts).
   */
  readonly timeoutMs: number;
  /** Completed jobs are kept this long so a replayed enqueue with the same id is dropped. */
  readonly keepCompletedSeconds: number;
  /** Jobs that failed for good are kept this long (visible in the dashboard and metrics). */
  readonly keepFailedSeconds: number;
}

export type QueueSettingsTable = Readonly<Record<QueueName, QueueSettings>>;

/** Injection token for the table in force (defaults + LIMBIC_QUEUE_SETTINGS), built at boot. */
export const QUEUE_SETTINGS = Symbol('QUEUE_SETTINGS');

const WEEK_SECONDS = 7 * 86_400;

/**
 * One place for worker tuning, per queue. Attempts, backoff and retention are stamped on a
 * job by the process that adds it (the API for appraisal and recall-effects, the worker's
 * review sweep for consolidation); concurrency, locks and timeouts are read by the worker.
 */
export const DEFAULT_QUEUE_SETTINGS: QueueSettingsTable = {
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
  // One step at a time per worker (steps of a run are sequential anyway, and embedding is CPU
  // bound); a short lock brings a killed worker's step back within ~10 s. A step is idempotent
  // (guarded by the run's step counter), so a stalled step that did commit is skipped.
  reembed: {
    concurrency: 1,
    attempts: 20,
    backoffMs: 1000,
    lockDurationMs: 8_000,
    stalledIntervalMs: 2_000,
    maxStalledCount: 100,
    timeoutMs: 180_000,
    keepCompletedSeconds: 3600,
    keepFailedSeconds: 30 * 86_400,
  },
  // A periodic run is added by a job scheduler, one per task and period for the deployment; the
  // tasks are independent, so one worker may run all five at once. One attempt: the next period
  // is the retry. A short lock brings the run of a killed worker back within ~15 s (every task
  // is idempotent: it re-reads Neo4j and adds jobs under deterministic ids).
  periodic: {
    concurrency: 5,
    attempts: 1,
    backoffMs: 0,
    lockDurationMs: 10_000,
    stalledIntervalMs: 5_000,
    maxStalledCount: 5,
    timeoutMs: 600_000,
    keepCompletedSeconds: 600,
    keepFailedSeconds: WEEK_SECONDS,
  },
};

/** Smallest value each setting accepts (a worker with no concurrency or attempts does nothing). */
const MINIMUM: Readonly<Record<keyof QueueSettings, number>> = {
  concurrency: 1,
  attempts: 1,
  backoffMs: 0,
  lockDurationMs: 1000,
  stalledIntervalMs: 1000,
  maxStalledCount: 0,
  timeoutMs: 1,
  keepCompletedSeconds: 0,
  keepFailedSeconds: 0,
};

/**
 * The defaults with the operator's overrides applied: LIMBIC_QUEUE_SETTINGS, a JSON object
 * `{ "<queue>": { "<setting>": <integer> } }` (for example
 * `{"appraisal":{"concurrency":16},"consolidation":{"attempts":3}}`). Every setting of every
 * queue can be overridden the same way, and only this way. Set the same value on the API and
 * the worker: attempts, backoff and retention are fixed by whichever process adds the job.
 * Unknown queues or settings and out-of-range values stop boot.
 */
export function resolveQueueSettings(overrides: Readonly<Record<string, Readonly<Record<string, number>>>>): QueueSettingsTable {
  const problems: string[] = [];
  const queues = new Set<string>(Object.values(QUEUE));
  const table = { ...DEFAULT_QUEUE_SETTINGS } as Record<QueueName, QueueSettings>;
  for (const [queue, fields] of Object.entries(overrides)) {
    if (!queues.has(queue)) {
      problems.push(`LIMBIC_QUEUE_SETTINGS: unknown queue "${queue}" (known: ${[...queues].join(', ')})`);
      continue;
    }
    const name = queue as QueueName;
    const merged: Record<string, number> = { ...table[name] };
    for (const [field, value] of Object.entries(fields)) {
      const min = (MINIMUM as Record<string, number | undefined>)[field];
      if (min === undefined) problems.push(`LIMBIC_QUEUE_SETTINGS: unknown setting "${queue}.${field}" (known: ${Object.keys(MINIMUM).join(', ')})`);
      else if (!Number.isInteger(value) || value < min) problems.push(`LIMBIC_QUEUE_SETTINGS: "${queue}.${field}" must be an integer ≥ ${min}`);
      else merged[field] = value;
    }
    table[name] = merged as unknown as QueueSettings;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(table);
}
