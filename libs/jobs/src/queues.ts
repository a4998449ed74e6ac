/** Every queue Limbic uses. Payloads are references (ids + version), never entity snapshots. */
export const QUEUE = {
  appraisal: 'appraisal',
  recallEffects: 'recall-effects',
  consolidation: 'consolidation',
} as const;

export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

export interface AppraisalJobV1 {
  readonly v: 1;
  readonly tenantId: string;
  readonly agentId: string;
  readonly memoryId: string;
}

export interface JobPayloads {
  appraisal: AppraisalJobV1;
}

export type JobOutcome = 'done' | 'skipped';

/**
 * Deterministic job ids: a memory is appraised by at most one live job, so a duplicate
 * enqueue (API retry, sweep) is dropped by BullMQ. Memory ids are globally unique UUIDs.
 * BullMQ forbids ':' in custom ids, hence the dash.
 */
export const jobId = {
  appraisal: (memoryId: string): string => `appraisal-${memoryId}`,
};
