import type { JobOutcome, QueueName } from '@limbic/jobs';

/** What a processor needs from BullMQ's job, and nothing more. */
export interface JobInfo {
  readonly id: string;
  readonly name: string;
  readonly attemptsMade: number;
}

/** One handler per queue: reloads state from Neo4j and returns done or skipped. */
export interface JobHandler {
  readonly queue: QueueName;
  handle(data: unknown, job: JobInfo): Promise<JobOutcome>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
