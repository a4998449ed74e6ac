import type { Queue } from 'bullmq';
import type { QueueDepthSource } from './metrics';

const STATES = ['waiting', 'delayed', 'active', 'failed', 'completed', 'prioritized'] as const;

/** Job counts of the given queues, read at scrape time (API and worker share this). */
export function queueDepthSource(queues: readonly Queue[]): QueueDepthSource {
  return async () => Promise.all(queues.map(async (q) => ({ queue: q.name, counts: await q.getJobCounts(...STATES) })));
}
