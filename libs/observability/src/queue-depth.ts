import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE, type QueueName } from '@limbic/jobs';
import type { QueueDepthSource } from './metrics';

const STATES = ['waiting', 'delayed', 'active', 'failed', 'completed', 'prioritized'] as const;

/** Queue handles for reading job counts at scrape time (API and worker share this). */
export function openQueues(connection: Redis, prefix: string): Queue[] {
  return (Object.values(QUEUE) as QueueName[]).map((name) => new Queue(name, { connection, prefix }));
}

export function queueDepthSource(queues: readonly Queue[]): QueueDepthSource {
  return async () => Promise.all(queues.map(async (q) => ({ queue: q.name, counts: await q.getJobCounts(...STATES) })));
}
