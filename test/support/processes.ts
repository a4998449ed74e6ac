import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export interface RunningProcess {
  readonly child: ChildProcess;
  readonly output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts a built entry point (`npm run build` first) with the given environment. With `logFile`
 * its output goes to that file instead of a pipe, and the process does not keep this one alive:
 * for processes that outlive the test file starting them (test/support/shared-stack.ts).
 */
export function startProcess(entry: 'api' | 'worker', env: Record<string, string>, opts: { logFile?: string } = {}): RunningProcess {
  const logFd = opts.logFile === undefined ? undefined : openSync(opts.logFile, 'a');
  // LIMBIC_DIST lets parallel work build into its own folder (e.g. dist-recall) without racing.
  const child = spawn(process.execPath, [join(ROOT, process.env.LIMBIC_DIST ?? 'dist', 'apps', entry, 'src', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  let out = '';
  let output = () => out;
  if (logFd !== undefined) {
    closeSync(logFd);
    child.unref();
    output = () => readFileSync(opts.logFile!, 'utf8').slice(-20_000);
  } else {
    const keep = (b: Buffer) => {
      out = (out + b.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls a URL until it answers 200, or fails with the process output. */
export async function waitForOk(url: string, proc: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`process exited with ${proc.child.exitCode}:\n${proc.output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}:\n${proc.output()}`);
}

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** First port the kernel hands to outgoing connections. */
const EPHEMERAL_LOW = ((): number => {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isFinite(first) && first > 0 ? first : 32_768;
  } catch {
    return 32_768;
  }
})();

/**
 * A free-ish port per test file, so files never collide with a dev server on 4000. Drawn from
 * below the kernel's ephemeral range: a port in that range can be held at any moment by an
 * outgoing connection (to Neo4j, Redis, ...) of any process, which once made an API fail with
 * EADDRINUSE. Two files drawing the same port is left to `startWithFreePort`.
 */
export function testPort(): number {
  const low = Math.max(EPHEMERAL_LOW, 12_000);
  return 10_000 + Math.floor(Math.random() * (low - 10_000));
}

/**
 * Starts a process that listens on a port of `testPort`, waiting until `path` answers; if the
 * port turned out to be taken (the process exits with EADDRINUSE), tries another one.
 */
export async function startWithFreePort(
  start: (port: number) => RunningProcess,
  path: string,
  attempts = 5,
): Promise<{ port: number; url: string; proc: RunningProcess }> {
  for (let attempt = 1; ; attempt++) {
    const port = testPort();
    const url = `http://127.0.0.1:${port}`;
    const proc = start(port);
    try {
      await waitForOk(`${url}${path}`, proc);
      return { port, url, proc };
    } catch (err) {
      await proc.stop();
      if (attempt >= attempts || !proc.output().includes('EADDRINUSE')) throw err;
    }
  }
}
