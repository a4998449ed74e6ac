/** Every queue Limbic uses; payload schemas are in payloads.ts. */
export const QUEUE = {
  appraisal: 'appraisal',
  recallEffects: 'recall-effects',
  consolidation: 'consolidation',
  reembed: 'reembed',
  /** Sweeps and other periodic work, added by BullMQ job schedulers: one run per period for the deployment. */
  periodic: 'periodic',
} as const;

export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

export type JobOutcome = 'done' | 'skipped';

/**
 * Deterministic job ids: a memory is appraised by at most one live job, so a duplicate
 * enqueue (API retry, sweep) is dropped by BullMQ. Memory ids are globally unique UUIDs.
 * BullMQ forbids ':' in custom ids, hence the dash.
 */
export const jobId = {
  appraisal: (memoryId: string): string => `appraisal-${memoryId}`,
  /** Recall ids are server-made UUIDs: one effects job per recall. */
  recallEffects: (recallId: string): string => `recall-effects-${recallId}`,
  /** The n-th review of a memory happens once, however often the sweep re-enqueues it. */
  review: (memoryId: string, reviewCount: number): string => `review-${memoryId}-${reviewCount}`,
  /** Step n of a run runs once: every step advances the run's step counter in the same transaction as its writes. */
  reembed: (runId: string, step: number): string => `reembed-${runId}-${step}`,
  /**
   * Page n of one sweep run is added once, however often the page before it is retried: the run
   * is the scheduler job's id (`repeat:<task>:<ms>`, unique per task and period).
   */
  sweepPage: (run: string, index: number): string => `sweep-page-${run.replaceAll(':', '-')}-${index}`,
};
