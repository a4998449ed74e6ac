import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testPort } from './processes';

/**
 * A redis-server of the test's own, on a free port with its own folder and no persistence,
 * so a test can stop and restart Redis (or lose its data) without touching the shared one
 * other test files use. Restarting keeps the port, so clients reconnect to the same URL.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'limbic-redis-'));

  private constructor(
    readonly port: number,
    private readonly extraArgs: readonly string[] = [],
  ) {}

  /**
   * On a port of `testPort` (outside the ephemeral range); another one if it was taken.
   * `replicaOf`: the port of a master this server replicates.
   */
  static async start(attempts = 5, replicaOf?: number): Promise<PrivateRedis> {
    for (let attempt = 1; ; attempt++) {
      const redis = new PrivateRedis(testPort(), replicaOf === undefined ? [] : ['--replicaof', '127.0.0.1', String(replicaOf)]);
      try {
        await redis.restart();
        return redis;
      } catch (err) {
        await redis.stop();
        if (attempt >= attempts) throw err;
      }
    }
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts the server (empty: nothing is saved) and waits until it answers PING. */
  async restart(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', ...this.extraArgs],
      { stdio: 'ignore' },
    );
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (!(await ping(this.port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} (port ${this.port} taken?)`);
      if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not answer`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Kills the server at once, as a crash would: whatever it held is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGKILL');
      await exited;
    }
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** One raw PING over RESP; true on +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d: Buffer) => done(d.toString().startsWith('+PONG')));
  });
}
