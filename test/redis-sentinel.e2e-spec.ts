import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Driver } from 'neo4j-driver';
import { eventually, memoryFlags, testDriver } from './support/neo4j';
import { PrivateRedis } from './support/private-redis';
import { testPort } from './support/processes';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id pendingAppraisal } }`;
const MASTER_NAME = 'limbic-test';

/**
 * The API and the worker reach Redis through a Sentinel only (LIMBIC_REDIS_SENTINELS, no usable
 * REDIS_URL): a private redis-server as the master, another as its replica, and
 * `redis-server --sentinel` monitoring them. An encode's appraisal job travels API → Redis →
 * worker, and the periodic sweeps run, all through the master the Sentinel names; then (opt-in,
 * see below) the master is killed, the Sentinel promotes the replica, and both should follow it.
 */
describe('Redis through a Sentinel', () => {
  let master: PrivateRedis;
  let replica: PrivateRedis;
  let sentinel: ChildProcess;
  let sentinelPort: number;
  let stack: Stack;
  let driver: Driver;
  const dir = mkdtempSync(join(tmpdir(), 'limbic-sentinel-'));

  beforeAll(async () => {
    master = await PrivateRedis.start();
    replica = await PrivateRedis.start(5, master.port);
    sentinelPort = testPort();
    const conf = join(dir, 'sentinel.conf');
    // Quick to declare the master down and to fail over: the test waits for both.
    const monitor = [`sentinel monitor ${MASTER_NAME} 127.0.0.1 ${master.port} 1`, `sentinel down-after-milliseconds ${MASTER_NAME} 1000`, `sentinel failover-timeout ${MASTER_NAME} 5000`];
    writeFileSync(conf, [`port ${sentinelPort}`, 'bind 127.0.0.1', `dir ${dir}`, ...monitor, ''].join('\n'));
    sentinel = spawn('redis-server', [conf, '--sentinel'], { stdio: 'ignore' });
    probe = new Redis({ port: sentinelPort, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: 1 });
    await eventually(masterPort, (port) => port === master.port, 10_000);
    // The Sentinel learns of the replica from the master; a failover needs it known.
    await eventually(
      async () => (await probe.call('SENTINEL', 'replicas', MASTER_NAME).catch(() => [])) as unknown[],
      (replicas) => replicas.length > 0,
      20_000,
    );
    // Nothing listens at REDIS_URL: only the Sentinel can lead the processes to Redis. The test

    stack = await startStack({
      tenants: 1,
      worker: true,
      env: { REDIS_URL: 'redis://127.0.0.1:1', LIMBIC_REDIS_SENTINELS: `127.0.0.1:${sentinelPort}`, LIMBIC_REDIS_SENTINEL_NAME: MASTER_NAME, LIMBIC_EMBEDDER: 'hash' },
    });
    stack.env.REDIS_URL = master.url;
    driver = testDriver();
    await stack.tenants[0]!.client.ok(CREATE_AGENT, { id: 'sentry' });
  }, 120_000);

  let probe: Redis;
  const masterPort = async (): Promise<number | null> => {
    const addr = (await probe.call('SENTINEL', 'get-master-addr-by-name', MASTER_NAME).catch(() => null)) as string[] | null;
    return addr ? Number(addr[1]) : null;
  };

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
    probe?.disconnect();
    sentinel?.kill('SIGKILL');
    await master?.stop();
    await replica?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries an appraisal from the API to the worker, and the periodic schedules, through the master the Sentinel names', async () => {
    const encoded = await stack.tenants[0]!.client.ok<{ encode: { id: string; pendingAppraisal: boolean } }>(ENCODE, {
      input: { agentId: 'sentry', content: 'The Sentinel pointed both processes at the master.' },
    });
    expect((await eventually(() => memoryFlags(driver, encoded.encode.id), (m) => m?.pendingAppraisal === false, 60_000))?.pendingAppraisal).toBe(false);
    const redis = new Redis(master.url);
    try {
      const prefix = stack.env.LIMBIC_QUEUE_PREFIX!;
      expect(await redis.exists(`${prefix}:appraisal:appraisal-${encoded.encode.id}`)).toBe(1);
      expect((await redis.keys(`${prefix}:periodic:repeat:*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  }, 90_000);

  it('follows a failover: the master is killed, the Sentinel promotes the replica, and appraisals go through it', async () => {
    // The replica must hold what the master holds first: one killed before its first sync
    // completes (Redis waits for a diskless sync's delay) is promoted empty, which is a
    // FLUSHALL, not the failover this test is about.
    const replicaClient = new Redis(replica.url);
    const masterClient = new Redis(master.url);
    try {
      await eventually(
        async () => ({ link: /master_link_status:up/.test(await replicaClient.info('replication')), replica: await replicaClient.dbsize(), master: await masterClient.dbsize() }),
        (s) => s.link && s.replica > 0 && s.replica === s.master,
        30_000,
      );
    } finally {
      replicaClient.disconnect();
      masterClient.disconnect();
    }
    await master.kill();
    expect(await eventually(masterPort, (port) => port === replica.port, 30_000)).toBe(replica.port);
    const encoded = await stack.tenants[0]!.client.ok<{ encode: { id: string; pendingAppraisal: boolean } }>(ENCODE, {
      input: { agentId: 'sentry', content: 'After the failover the replica leads.' },
    });
    // The encode answered without waiting for Redis; its job reaches the new master, or the sweep
    // (whose schedules the worker re-creates there when they were lost) finds the memory pending.
    const flags = await eventually(() => memoryFlags(driver, encoded.encode.id), (m) => m?.pendingAppraisal === false, 60_000);
    if (flags?.pendingAppraisal !== false) {
      // What the new master holds of the periodic queue: its schedulers and their pending runs.
      const periodic = new Queue('periodic', { connection: { url: replica.url }, prefix: stack.env.LIMBIC_QUEUE_PREFIX });
      const schedulers = await periodic.getJobSchedulers().catch((e: Error) => e.message);
      const counts = await periodic.getJobCounts().catch((e: Error) => e.message);
      await periodic.close();
      console.log(`--- periodic on the new master\n${JSON.stringify({ schedulers, counts, now: Date.now() })}\n--- worker\n${stack.worker?.output().slice(-6000)}\n--- api\n${stack.api.output().slice(-3000)}`);
    }
    expect(flags?.pendingAppraisal).toBe(false);
    const redis = new Redis(replica.url);
    try {
      expect((await redis.keys(`${stack.env.LIMBIC_QUEUE_PREFIX!}:periodic:repeat:*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  }, 120_000);
});
