import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE, type QueueName } from '@limbic/jobs';
import type { QueueDepthSource } from './metrics';

const STATES = ['waiting', 'delayed', 'active', 'failed', 'completed', 'prioritized'] as const;

/**
 * Queue handles for reading job counts at scrape time (API and worker share this). The caller
 * listens for the connection's errors; each queue re-emits them, and a BullMQ queue with no
 * 'error' listener prints every failed reconnect with console.error — while Redis was down,
 * dozens of raw stack traces a minute in between the JSON log lines.
 */
export function openQueues(connection: Redis, prefix: string): Queue[] {
  return (Object.values(QUEUE) as QueueName[]).map((name) => {
    const queue = new Queue(name, { connection, prefix });
    queue.on('error', () => undefined);
    return queue;
  });
}

export function queueDepthSource(queues: readonly Queue[]): QueueDepthSource {
  return async () => Promise.all(queues.map(async (q) => ({ queue: q.name, counts: await q.getJobCounts(...STATES) })));
}
