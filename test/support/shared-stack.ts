import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LimbicClient } from '@limbic/client';
import { GraphqlClient } from './graphql-client';
import { deleteTenants } from './neo4j';
import { startProcess, startWithFreePort, uniqueSuffix } from './processes';
import { stackEnv, type Tenant } from './stack';
import { SHARED_DIR_VARIABLE, SHARED_POOL, type SharedKind, type SharedRecord } from './shared-stack-record';

// The shared stacks of one e2e run. Booting an API takes 5–9 s, most of a small file's run: files
// that need nothing of their own (no settings, no process to kill, no log or metric to read)
// borrow tenants of an API and worker that every such file uses. Each of the four kinds (embedder
// local or hash, with or without a worker) starts when the first file asks for it, so running one
// file boots only what that file needs; test/support/e2e-global-teardown.ts stops them at the end.

/** What a file gets: its own tenants on the shared processes (no handle on them: they are not its to stop). */
export interface SharedStack {
  readonly url: string;
  readonly tenants: readonly Tenant[];
  /** The shared processes' settings; read-only (`LIMBIC_QUEUE_PREFIX` for queue probes). */
  readonly env: Readonly<Record<string, string>>;
  /** Deletes this file's tenants' data; the processes keep serving the other files. */
  stop(): Promise<void>;
}

function sharedDir(): string {
  const dir = process.env[SHARED_DIR_VARIABLE];
  if (!dir) throw new Error(`${SHARED_DIR_VARIABLE} is unset: shared stacks need the e2e project's globalSetup (jest --selectProjects e2e)`);
  return dir;
}

/**
 * Tenants of their own on a shared API (with a worker if `worker`), the embedder `embedder`
 * (the default model unless `hash`). Use `startStack` instead for anything a neighbour could
 * disturb or observe: settings, killed or extra processes, logs, metrics, queue counts that must
 * be exactly this file's.
 */
export async function sharedStack(opts: { tenants?: number; worker?: boolean; embedder?: 'local' | 'hash' } = {}): Promise<SharedStack> {
  const kind: SharedKind = `${opts.embedder ?? 'local'}${opts.worker ? '+worker' : ''}`;
  const record = await sharedRecord(kind);
  const mine = claimTenants(kind, record, opts.tenants ?? 2);
  return {
    url: record.url,
    env: record.env,
    tenants: mine.map((t) => ({ ...t, client: new GraphqlClient(`${record.url}/graphql`, t.key), limbic: new LimbicClient({ url: record.url, apiKey: t.key }) })),
    stop: () => deleteTenants(mine.map((t) => t.id)),
  };
}

/** Reads the kind's record, starting its processes first if no file has (a directory is the lock). */
async function sharedRecord(kind: SharedKind): Promise<SharedRecord> {
  const dir = sharedDir();
  const file = join(dir, `${kind}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SharedRecord;
  let starter = true;
  try {
    mkdirSync(join(dir, `${kind}.starting`));
  } catch {
    starter = false;
  }
  if (!starter) return waitForRecord(dir, kind);
  try {
    const record = await startShared(dir, kind);
    writeFileSync(`${file}.tmp`, JSON.stringify(record));
    renameSync(`${file}.tmp`, file);
    return record;
  } catch (err) {
    writeFileSync(join(dir, `${kind}.failed`), String(err));
    throw err;
  }
}

async function waitForRecord(dir: string, kind: SharedKind): Promise<SharedRecord> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const file = join(dir, `${kind}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SharedRecord;
    if (existsSync(join(dir, `${kind}.failed`))) throw new Error(`the shared ${kind} stack failed to start:\n${readFileSync(join(dir, `${kind}.failed`), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for another file to start the shared ${kind} stack`);
}

/** The next free tenants of the pool, each claimed by creating its directory (atomic across processes). */
function claimTenants(kind: SharedKind, record: SharedRecord, count: number): SharedRecord['tenants'] {
  const claimed: SharedRecord['tenants'][number][] = [];
  for (let i = 0; i < record.tenants.length && claimed.length < count; i++) {
    try {
      mkdirSync(join(sharedDir(), `${kind}.tenant-${i}`));
      claimed.push(record.tenants[i]!);
    } catch {
      /* another file's */
    }
  }
  if (claimed.length < count) throw new Error(`the shared ${kind} stack has no ${count} unused tenants left: raise SHARED_POOL (${SHARED_POOL}) in test/support/shared-stack.ts`);
  return claimed;
}

/**
 * Starts the kind's API (and worker), output to a log file rather than a pipe: the processes
 * outlive the file that started them, whose Jest environment is torn down when it ends.
 */
async function startShared(dir: string, kind: SharedKind): Promise<SharedRecord> {
  const suffix = uniqueSuffix();
  const tenants = Array.from({ length: SHARED_POOL }, (_, i) => ({ id: `s${i}_${suffix}`, key: `key-s${i}-${suffix}-secret` }));
  const env: Record<string, string> = { ...stackEnv(tenants, `shared_${kind.replace('+', '_')}_${suffix}`), ...(kind.startsWith('hash') ? { LIMBIC_EMBEDDER: 'hash' } : {}) };
  const log = join(dir, `${kind}.log`);
  const { port, url, proc: api } = await startWithFreePort((p) => startProcess('api', { ...env, LIMBIC_PORT: String(p) }, { logFile: log }), '/health/ready');
  env.LIMBIC_PORT = String(port);
  const worker = kind.endsWith('+worker') ? startProcess('worker', env, { logFile: log }) : null;
  const pids = [api, worker].flatMap((p) => (p?.child.pid === undefined ? [] : [p.child.pid]));
  return { kind, url, pids, env, tenants, log };
}
