import type { Redis } from 'ioredis';

/**
 * Deletes every key under one BullMQ prefix (`<prefix>:*`) and nothing else; returns how many.
 * For throwaway queues (a benchmark's, a test stack's), never for the service's own: it drops
 * waiting jobs with the rest.
 */
export async function deleteQueueKeys(redis: Pick<Redis, 'scan' | 'unlink'>, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}
