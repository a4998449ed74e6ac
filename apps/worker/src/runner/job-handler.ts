import type { JobOutcome, QueueName } from '@limbic/jobs';

/** What a processor needs from BullMQ's job, and nothing more. */
export interface JobInfo {
  readonly id: string;
  readonly name: string;
  readonly attemptsMade: number;
}

/**
 * One handler per queue: reloads state from Neo4j and returns done or skipped. `signal` is
 * aborted when the attempt times out; a handler checks it before each transaction and
 * before committing (signal.throwIfAborted()), so a timed-out attempt stops writing.
 */
export interface JobHandler {
  readonly queue: QueueName;
  handle(data: unknown, job: JobInfo, signal: AbortSignal): Promise<JobOutcome>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
