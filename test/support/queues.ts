import { Queue } from 'bullmq';
import type { SharedStack } from './shared-stack';
import type { Stack } from './stack';

/** The queues whose jobs write to the graph soon after a request (reviews are hours away). */
const BACKGROUND_QUEUES = ['appraisal', 'recall-effects'] as const;

/**
 * Waits until the stack's appraisal and recall-effects queues have had nothing waiting,
 * delayed or running for two probes in a row (the API enqueues recall effects just after it
 * answers, so one empty probe is not enough). A test that compares the graph before and after
 * a request takes its "before" only then, so a background write from an earlier request cannot
 * pass for a write of the request under test.
 */
export async function backgroundSettled(stack: Pick<Stack | SharedStack, 'env'>, timeoutMs = 30_000): Promise<void> {
  const connection = { url: process.env.REDIS_URL ?? stack.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
  const queues = BACKGROUND_QUEUES.map((name) => new Queue(name, { connection, prefix: stack.env.LIMBIC_QUEUE_PREFIX }));
  try {
    const deadline = Date.now() + timeoutMs;
    let quietProbes = 0;
    let last: Record<string, number>[] = [];
    while (quietProbes < 2) {
      last = await Promise.all(queues.map((q) => q.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'waiting-children')));
      const busy = last.some((counts) => Object.values(counts).some((n) => n > 0));
      quietProbes = busy ? 0 : quietProbes + 1;
      if (quietProbes < 2) {
        if (Date.now() > deadline) throw new Error(`background jobs did not settle within ${timeoutMs} ms: ${JSON.stringify(last)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await Promise.all(queues.map((q) => q.close()));
  }
}
