// By path, not by the @limbic/jobs alias: the e2e global teardown (loaded without Jest's module
// mapping) uses this too.
import { deleteQueueKeys as deletePrefix } from '../../libs/jobs/src/delete-queue-keys';
import { Redis } from 'ioredis';

/**
 * Deletes only one test's BullMQ keys (its own prefix), never the shared Redis as a whole.
 * `url` is the Redis the test's processes used (a private one in the Redis-outage tests).
 */
export async function deleteQueueKeys(prefix: string, url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'): Promise<void> {
  // No reconnecting: a Redis that is gone (a private one the test stopped) fails the call
  // instead of queueing the commands forever.
  const redis = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  try {
    await redis.connect();
    await deletePrefix(redis, prefix);
  } finally {
    redis.disconnect();
  }
}
