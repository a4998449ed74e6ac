/** Every queue Limbic uses. Payloads are references (ids + version), never entity snapshots. */
export const QUEUE = {
  appraisal: 'appraisal',
  recallEffects: 'recall-effects',
  consolidation: 'consolidation',
  reembed: 'reembed',
} as const;

export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

export interface AppraisalJobV1 {
  readonly v: 1;
  readonly tenantId: string;
  readonly agentId: string;
  readonly memoryId: string;
}

/** One spaced review of one memory: the `reviewCount`-th (0-based) review it gets. */
export interface ConsolidationJobV1 {
  readonly v: 1;
  readonly tenantId: string;
  readonly agentId: string;
  readonly memoryId: string;
  readonly reviewCount: number;
}

/**
 * What one recall did, for its effects (access, Hebbian, reconsolidation, priming, energy).
 * The recall wrote nothing; this is the only record of its result, so each item carries
 * its twelve raw signals (SIGNAL_NAMES order) for feedback learning: ≤ 100 × 12 numbers.
 */
export interface RecallEffectsJobV1 {
  readonly v: 1;
  readonly tenantId: string;
  readonly agentId: string;
  readonly recallId: string;
  /** The recall's instant (epoch ms); every effect is computed as of then. */
  readonly now: number;
  /** Returned memories, best first. */
  readonly items: readonly { readonly memoryId: string; readonly rank: number; readonly signals: readonly number[] }[];
  /** Concepts of the query, to prime. */
  readonly concepts: readonly string[];
  /** The memory that ignited focus, if any (starts the refractory period). */
  readonly focusId: string | null;
  /**
   * The weights the recall used (SIGNAL_NAMES order) and its query type: what feedback on it
   * learns from. Absent in jobs added before recalls recorded them.
   */
  readonly weights?: readonly number[];
  readonly queryType?: string;
}

/**
 * One step of a re-embed run (a batch, a phase change): the run's state lives in Neo4j
 * (:LimbicReembedRun), the job only says which step it is, so a replay of a finished step is
 * skipped and a lost job is re-added by the sweep under the same id.
 */
export interface ReembedJobV1 {
  readonly v: 1;
  readonly tenantId: string;
  readonly runId: string;
  readonly step: number;
}

export interface JobPayloads {
  appraisal: AppraisalJobV1;
  'recall-effects': RecallEffectsJobV1;
  consolidation: ConsolidationJobV1;
  reembed: ReembedJobV1;
}

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
};
