import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { stopChild } from './api-process';

/**
 * Starts the built worker (dist/) for a benchmark phase, with the environment of the bench
 * plus `env` (give it the API's LIMBIC_QUEUE_PREFIX, and LIMBIC_SWEEP_TENANTS /
 * LIMBIC_REVIEW_TENANTS so it leaves other tenants' memories alone). No health port: the
 * service's own worker may hold the default one.
 */
export function startWorker(env: Record<string, string>, root = join(__dirname, '..', '..', '..')): { child: ChildProcess; stop: () => Promise<void> } {
  const child = spawn(process.execPath, [join(root, 'dist', 'apps', 'worker', 'src', 'main.js')], {
    cwd: root,
    env: { ...process.env, LIMBIC_WORKER_PORT: '0', LIMBIC_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, stop: () => stopChild(child) };
}
