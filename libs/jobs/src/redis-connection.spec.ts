import { loadConfig } from '@limbic/config';
import { bullPrefix, connectionPlan, PRODUCER, WORKER } from './redis-connection';

const redis = (env: Record<string, string>) => loadConfig(env).redis;

describe('connectionPlan', () => {
  it('opens a standalone Redis by URL, failing fast for producers and retrying forever for workers', () => {
    const producer = connectionPlan(redis({ REDIS_URL: 'redis://:pw@cache:6380/2' }), PRODUCER);
    expect(producer).toMatchObject({ kind: 'url', url: 'redis://:pw@cache:6380/2', options: { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2000 } });
    const worker = connectionPlan(redis({}), WORKER);
    expect(worker).toMatchObject({ kind: 'url', options: { enableOfflineQueue: true, maxRetriesPerRequest: null } });
  });

  it('finds the master through the Sentinels, with their password apart from the data nodes’ and the failover followed', () => {
    const plan = connectionPlan(
      redis({ LIMBIC_REDIS_SENTINELS: 's1:26379,s2:26380', LIMBIC_REDIS_SENTINEL_NAME: 'limbic', LIMBIC_REDIS_SENTINEL_PASSWORD: 'spw', LIMBIC_REDIS_PASSWORD: 'dpw', LIMBIC_REDIS_TLS: 'true' }),
      WORKER,
    );
    expect(plan.kind).toBe('sentinel');
    expect(plan.options).toMatchObject({
      sentinels: [{ host: 's1', port: 26379 }, { host: 's2', port: 26380 }],
      name: 'limbic',
      sentinelPassword: 'spw',
      password: 'dpw',
      failoverDetector: false,
      tls: {},
      enableTLSForSentinelMode: true,
      maxRetriesPerRequest: null,
    });
    expect(plan.options).not.toHaveProperty('username');
  });

  it('opens a Cluster from its seed nodes, the role’s per-command settings on every node', () => {
    const plan = connectionPlan(redis({ LIMBIC_REDIS_CLUSTER_NODES: 'n1:7000,n2:7001', LIMBIC_REDIS_USERNAME: 'limbic', LIMBIC_REDIS_PASSWORD: 'pw' }), {
      kind: 'fastFail',
      commandTimeoutMs: 100,
    });
    expect(plan).toMatchObject({
      kind: 'cluster',
      nodes: [{ host: 'n1', port: 7000 }, { host: 'n2', port: 7001 }],
      options: { enableOfflineQueue: false, redisOptions: { username: 'limbic', password: 'pw', maxRetriesPerRequest: 0, commandTimeout: 100 } },
    });
    if (plan.kind !== 'cluster') throw new Error('expected a cluster plan');
    expect(plan.options.clusterRetryStrategy?.(50)).toBe(2000);
    expect(plan.options.redisOptions).not.toHaveProperty('tls');
  });
});

describe('bullPrefix', () => {
  it('hash-tags the queue prefix on a Cluster only, so each BullMQ script’s keys share one slot', () => {
    expect(bullPrefix(redis({ LIMBIC_REDIS_CLUSTER_NODES: 'n1:7000' }), 'limbic')).toBe('{limbic}');
    expect(bullPrefix(redis({ LIMBIC_REDIS_SENTINELS: 's1:26379' }), 'limbic')).toBe('limbic');
    expect(bullPrefix(redis({}), 'bull')).toBe('bull');
  });
});
