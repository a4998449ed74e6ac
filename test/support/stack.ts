import { LimbicClient } from '@limbic/client';
import { startProcess, startWithFreePort, uniqueSuffix, type RunningProcess } from './processes';
import { GraphqlClient } from './graphql-client';
import { deleteTenants } from './neo4j';
import { deleteQueueKeys } from './queue-keys';

export interface Tenant {
  readonly id: string;
  readonly key: string;
  /** Raw GraphQL, for tests that send malformed or hand-shaped operations. */
  readonly client: GraphqlClient;
  /** The typed client (@limbic/client), for calling the API as a client would. */
  readonly limbic: LimbicClient;
}

export interface Stack {
  readonly url: string;
  readonly tenants: readonly Tenant[];
  readonly api: RunningProcess;
  worker?: RunningProcess;
  readonly env: Record<string, string>;
  startWorker(): Promise<RunningProcess>;
  /** Another API process with the stack's settings (a replica), on its own port; stopped with the stack. */
  startApi(env?: Record<string, string>): Promise<{ url: string; proc: RunningProcess }>;
  stop(): Promise<void>;
}

/** The settings every test stack starts from: these tenants' keys, sweeps and reviews of only these tenants, queues of its own. */
export function stackEnv(tenants: readonly { id: string; key: string }[], queuePrefix: string): Record<string, string> {
  const ids = tenants.map((t) => t.id).join(',');
  return {
    LIMBIC_API_KEYS: tenants.map((t) => `${t.key}:${t.id}`).join(','),
    LIMBIC_WORKER_PORT: '0',
    LIMBIC_PENDING_SWEEP_INTERVAL_MS: '2000',
    // The database is shared by every test file: a worker sweeps only its own stack's tenants.
    LIMBIC_SWEEP_TENANTS: ids,
    LIMBIC_REVIEW_TENANTS: ids,
    // Redis is shared too: each stack has its own queues, so no file waits behind another's backlog.
    LIMBIC_QUEUE_PREFIX: queuePrefix,
    LIMBIC_LOG_LEVEL: 'warn',
  };
}

/**
 * Starts the built API (and optionally the worker) against the real Neo4j and Redis, with
 * fresh tenants per test file so files never see each other's data; `stop` deletes them.
 */
export async function startStack(
  opts: {
    tenants?: number;
    worker?: boolean;
    /** Extra environment; a function gets the tenant ids (chosen here), for settings that name tenants. */
    env?: Record<string, string> | ((tenantIds: readonly string[]) => Record<string, string>);
  } = {},
): Promise<Stack> {
  const suffix = uniqueSuffix();
  const tenants = Array.from({ length: opts.tenants ?? 2 }, (_, i) => ({ id: `t${i}_${suffix}`, key: `key-${i}-${suffix}-secret` }));
  const env: Record<string, string> = {
    ...stackEnv(tenants, `q_${suffix}`),
    ...(typeof opts.env === 'function' ? opts.env(tenants.map((t) => t.id)) : opts.env),
  };
  const { port, url, proc: api } = await startWithFreePort((p) => startProcess('api', { ...env, LIMBIC_PORT: String(p) }), '/health/ready');
  env.LIMBIC_PORT = String(port);
  // Every worker started, not only the last: a test that fails before stopping its worker must
  // not leave it running into the next test (or keep Jest from exiting).
  const workers: RunningProcess[] = [];
  const replicas: RunningProcess[] = [];
  const stack: Stack = {
    url,
    env,
    api,
    tenants: tenants.map((t) => ({ ...t, client: new GraphqlClient(`${url}/graphql`, t.key), limbic: new LimbicClient({ url, apiKey: t.key }) })),
    async startWorker() {
      const worker = startProcess('worker', env);
      workers.push(worker);
      stack.worker = worker;
      return worker;
    },
    async startApi(extra = {}) {
      const replica = await startWithFreePort((p) => startProcess('api', { ...env, ...extra, LIMBIC_PORT: String(p) }), '/health/ready');
      replicas.push(replica.proc);
      return { url: replica.url, proc: replica.proc };
    },
    async stop() {
      await Promise.all([api.stop(), ...replicas.map((r) => r.stop()), ...workers.map((w) => w.stop())]);
      await deleteTenants(tenants.map((t) => t.id));
      // The stack's queues go with its tenants (a private Redis may be gone already: nothing to drop).
      await deleteQueueKeys(env.LIMBIC_QUEUE_PREFIX!, env.REDIS_URL).catch(() => undefined);
    },
  };
  if (opts.worker) await stack.startWorker();
  return stack;
}
