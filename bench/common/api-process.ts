import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { benchQueuePrefix, deleteBenchQueues } from './bench-queues';

/**
 * Starts the built API (dist/) on a loopback port for a benchmark, in single-tenant local
 * mode, against the Neo4j and Redis the environment points at, with queues of its own
 * (deleted by `stop`). Returns its GraphQL URL.
 */
export async function startApi(
  port: number,
  env: Record<string, string> = {},
  options: { dist?: string; nodeArgs?: readonly string[] } = {},
): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const root = join(__dirname, '..', '..', '..');
  // Another build folder (`dist` is the default) lets a paired benchmark run two builds at once.
  const main = join(root, options.dist ?? 'dist', 'apps', 'api', 'src', 'main.js');
  const queuePrefix = env.LIMBIC_QUEUE_PREFIX ?? benchQueuePrefix();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), main], {
    cwd: root,
    env: { ...process.env, LIMBIC_PORT: String(port), LIMBIC_HOST: '127.0.0.1', LIMBIC_API_KEYS: '', LIMBIC_LOG_LEVEL: 'warn', LIMBIC_QUEUE_PREFIX: queuePrefix, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health/ready`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('API did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `${base}/graphql`,
    child,
    stop: async () => {
      await stopChild(child);
      // Its jobs have no worker and their memories are the bench's: drop them with the API.
      if (env.LIMBIC_QUEUE_PREFIX === undefined) await deleteBenchQueues(queuePrefix);
    },
  };
}

/** Deletes an agent and everything it holds; answers how many memories went. */
export const DELETE_AGENT = 'mutation($id: ID!) { deleteAgent(id: $id) { memories } }';

export async function gql<T>(url: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length || !body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** SIGTERM, then resolves once the process has exited (at once if it already has). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
