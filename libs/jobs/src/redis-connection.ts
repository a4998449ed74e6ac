import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import type { RedisSettings } from '@limbic/config';

/** A connection BullMQ and the rate limiter accept alike: one server (standalone or via Sentinel) or a Cluster. */
export type RedisClient = Redis | Cluster;

/**
 * What a connection is for, which decides how it behaves while Redis is away:
 * - `producer` fails fast so `encode` never waits on Redis (the memory stays pending in Neo4j
 *   and the sweep enqueues it later);
 * - `worker` retries forever, as BullMQ requires for its blocking commands;
 * - `fastFail` is for a command on the request path that has an answer without Redis (the
 *   API's rate limiter): it fails at once while disconnected and after `commandTimeoutMs` when
 *   Redis hangs, so a request never waits on Redis for longer than that.
 */
export type ConnectionRole = { readonly kind: 'producer' } | { readonly kind: 'worker' } | { readonly kind: 'fastFail'; readonly commandTimeoutMs: number };

export const PRODUCER: ConnectionRole = { kind: 'producer' };
export const WORKER: ConnectionRole = { kind: 'worker' };

const backoff = (times: number): number => Math.min(times * 200, 2000);

interface RoleOptions {
  readonly offlineQueue: boolean;
  readonly perServer: Omit<RedisOptions, 'retryStrategy' | 'enableOfflineQueue'>;
}

function roleOptions(role: ConnectionRole): RoleOptions {
  switch (role.kind) {
    case 'producer':
      return { offlineQueue: false, perServer: { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 2000 } };
    case 'worker':
      return { offlineQueue: true, perServer: { maxRetriesPerRequest: null } };
    case 'fastFail':
      return { offlineQueue: false, perServer: { maxRetriesPerRequest: 0, connectTimeout: 1000, commandTimeout: role.commandTimeoutMs } };
  }
}

/** How to open a connection, without opening it: what the unit tests check. */
export type ConnectionPlan =
  | { readonly kind: 'url'; readonly url: string; readonly options: RedisOptions }
  | { readonly kind: 'sentinel'; readonly options: RedisOptions }
  | { readonly kind: 'cluster'; readonly nodes: readonly { host: string; port: number }[]; readonly options: ClusterOptions };

export function connectionPlan(settings: RedisSettings, role: ConnectionRole): ConnectionPlan {
  const { offlineQueue, perServer } = roleOptions(role);
  switch (settings.mode) {
    case 'standalone':
      return { kind: 'url', url: settings.url, options: { ...perServer, enableOfflineQueue: offlineQueue, retryStrategy: backoff } };
    case 'sentinel':
      return {
        kind: 'sentinel',
        options: {
          ...perServer,
          enableOfflineQueue: offlineQueue,
          retryStrategy: backoff,
          sentinels: settings.sentinels.map((s) => ({ host: s.host, port: s.port })),
          name: settings.name,
          // Off: ioredis' failover detector (+switch-master) disconnects the connector, and when
          // the message lands while the client is already reconnecting (the master died first)
          // the pending connect fails with "Connection is closed" and the client ends for good,
          // never reconnecting (ioredis 6.0, SentinelConnector.connect; one failover in four
          // here). Without it the client follows a failover when its master connection closes,
          // which Redis does to every client on a promotion and a dead master does by dying.
          failoverDetector: false,
          sentinelRetryStrategy: backoff,
          ...(settings.sentinelPassword !== null ? { sentinelPassword: settings.sentinelPassword } : {}),
          ...credentials(settings),
          ...(settings.tls ? { tls: {}, enableTLSForSentinelMode: true } : {}),
        },
      };
    case 'cluster':
      return {
        kind: 'cluster',
        nodes: settings.nodes.map((n) => ({ host: n.host, port: n.port })),
        options: {
          enableOfflineQueue: offlineQueue,
          clusterRetryStrategy: backoff,
          redisOptions: { ...perServer, ...credentials(settings), ...(settings.tls ? { tls: {} } : {}) },
        },
      };
  }
}

function credentials(s: { readonly username: string | null; readonly password: string | null }): Pick<RedisOptions, 'username' | 'password'> {
  return { ...(s.username !== null ? { username: s.username } : {}), ...(s.password !== null ? { password: s.password } : {}) };
}

/** Opens a connection to Redis as configured; the caller listens for its errors and closes it. */
export function openRedis(settings: RedisSettings, role: ConnectionRole): RedisClient {
  const plan = connectionPlan(settings, role);
  switch (plan.kind) {
    case 'url':
      return new Redis(plan.url, plan.options);
    case 'sentinel':
      return new Redis(plan.options);
    case 'cluster':
      return new Cluster([...plan.nodes], plan.options);
  }
}

/**
 * BullMQ's key prefix. A Lua script of BullMQ touches several keys of one queue at once, and
 * a Cluster refuses a script whose keys live in different hash slots: wrapped in braces, the
 * prefix is the hash tag, so every key under it maps to one slot.
 */
export function bullPrefix(settings: RedisSettings, queuePrefix: string): string {
  return settings.mode === 'cluster' ? `{${queuePrefix}}` : queuePrefix;
}
