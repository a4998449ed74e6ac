import type { JobOutcome, JobPayloads, QueueName } from '@limbic/jobs';

/** What a processor needs from BullMQ's job, and nothing more. */
export interface JobInfo {
  readonly id: string;
  readonly name: string;
  readonly attemptsMade: number;
}

/**
 * One handler per queue: reloads state from Neo4j and returns done or skipped. `data` has been
 * validated against the queue's schema by the runner. `signal` is aborted when the attempt
 * times out; a handler checks it before each transaction and before committing
 * (signal.throwIfAborted()), so a timed-out attempt stops writing.
 */
export interface JobHandler<Q extends QueueName = QueueName> {
  readonly queue: Q;
  handle(data: JobPayloads[Q], job: JobInfo, signal: AbortSignal): Promise<JobOutcome>;
}

/** A handler of any one queue. */
export type AnyJobHandler = { [Q in QueueName]: JobHandler<Q> }[QueueName];

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
