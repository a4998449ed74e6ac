import { Redis, type RedisOptions } from 'ioredis';

/**
 * Producer connection: fails fast when Redis is down so `encode` never waits on it (the
 * memory stays pending in Neo4j and the sweep enqueues it later).
 */
export function producerConnection(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  } satisfies RedisOptions);
}

/** Worker connection: BullMQ requires blocking commands to retry forever. */
export function workerConnection(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  } satisfies RedisOptions);
}
