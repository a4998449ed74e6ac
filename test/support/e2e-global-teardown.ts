import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { deleteTenants } from './neo4j';
import { deleteQueueKeys } from './queue-keys';
import { alive, SHARED_DIR_VARIABLE, type SharedRecord } from './shared-stack-record';

/** Stops the shared stacks the run started and drops their tenants and queues. */
export default async function e2eGlobalTeardown(): Promise<void> {
  const dir = process.env[SHARED_DIR_VARIABLE];
  if (!dir || !existsSync(dir)) return;
  const records = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SharedRecord);
  await Promise.all(records.map((r) => stopAll(r.pids)));
  for (const record of records) {
    await deleteTenants(record.tenants.map((t) => t.id));
    await deleteQueueKeys(record.env.LIMBIC_QUEUE_PREFIX!);
  }
  rmSync(dir, { recursive: true, force: true });
}

/** SIGTERM (the processes drain their work), SIGKILL after 20 s. */
async function stopAll(pids: readonly number[]): Promise<void> {
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
}
