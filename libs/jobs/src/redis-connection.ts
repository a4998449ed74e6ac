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

/**
 * For a command on the request path that has an answer without Redis (the API's rate limiter):
 * a command fails at once while disconnected and after `commandTimeoutMs` when Redis hangs,
 * so a request never waits on Redis for longer than that.
 */
export function fastFailConnection(url: string, commandTimeoutMs: number): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: commandTimeoutMs,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  } satisfies RedisOptions);
}
