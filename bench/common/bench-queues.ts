import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { deleteQueueKeys } from '@limbic/jobs';

/**
 * A queue prefix of a benchmark's own. A bench API runs without a worker, so every encode and
 * recall it serves leaves an appraisal or recall-effects job waiting; under the default prefix
 * those land in the service's real queues (hundreds of thousands after a few encode runs, for
 * memories the bench deletes), where the next worker would wade through them.
 */
export function benchQueuePrefix(): string {
  return `bench-${randomBytes(4).toString('hex')}`;
}

/** Deletes every BullMQ key under `prefix` (never anything else), once the bench is done. */
export async function deleteBenchQueues(prefix: string): Promise<number> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    await redis.connect();
    deleted = await deleteQueueKeys(redis, prefix);
  } catch (err: unknown) {
    // The figures are printed already; leftover keys are only clutter, so say so and go on.
    console.error(`[bench] could not delete queue keys ${prefix}:* (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    redis.disconnect();
  }
  return deleted;
}
