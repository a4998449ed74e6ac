import { GraphError } from './graph.errors';

/**
 * Admission to Neo4j: at most `permits` units of work at once (the driver pool's size, so the
 * pool itself never queues), the rest waiting here, served round-robin by tenant so that one
 * tenant's flood of concurrent requests cannot push another's to the back of one long line.
 *
 * Under the driver's own pool a request waited in one FIFO queue with a short timeout: 50
 * recallers + 50 encoders got "Connection acquisition timed out" errors while the database was
 * merely busy. Here waiting is bounded by the length of the line (`maxWaiting`), which refuses
 * at once when the process is overloaded, and by `maxWaitMs`, after which a waiter gives up;
 * both as UNAVAILABLE with a retry hint.
 */
export class UnitGate {
  private free: number;
  private waiting = 0;
  /** Waiters by tenant, in arrival order; `turns` is the round-robin order of tenants waiting. */
  private readonly queues = new Map<string, Waiter[]>();
  private readonly turns: string[] = [];

  constructor(
    permits: number,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
  ) {
    this.free = permits;
  }

  /** Resolves with the function that gives the permit back (call it exactly once). */
  acquire(tenant: string): Promise<() => void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting >= this.maxWaiting) return Promise.reject(busy(`${this.waiting} requests already wait for the database`));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          this.remove(tenant, waiter);
          reject(busy(`no database connection became free within ${this.maxWaitMs} ms`));
        }, this.maxWaitMs),
      };
      let queue = this.queues.get(tenant);
      if (!queue) {
        queue = [];
        this.queues.set(tenant, queue);
        this.turns.push(tenant);
      }
      queue.push(waiter);
      this.waiting++;
    });
  }

  /** Units waiting for a permit (metrics, tests). */
  get queued(): number {
    return this.waiting;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.handOver();
    };
  }

  /** Gives a returned permit to the next tenant in turn, or back to the pool. */
  private handOver(): void {
    const tenant = this.turns.shift();
    if (tenant === undefined) {
      this.free++;
      return;
    }
    const queue = this.queues.get(tenant) as Waiter[];
    const next = queue.shift() as Waiter;
    this.waiting--;
    if (queue.length > 0) this.turns.push(tenant);
    else this.queues.delete(tenant);
    next.grant();
  }

  private remove(tenant: string, waiter: Waiter): void {
    const queue = this.queues.get(tenant);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    this.waiting--;
    if (queue.length === 0) {
      this.queues.delete(tenant);
      this.turns.splice(this.turns.indexOf(tenant), 1);
    }
  }
}

interface Waiter {
  readonly grant: () => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/** How long a refused client is told to wait before it tries again. */
export const BUSY_RETRY_AFTER_MS = 1000;

/** `retryAfterMs` is what the API's error map reads to answer with a Retry-After header. */
function busy(why: string): GraphError & { readonly retryAfterMs: number } {
  return Object.assign(new GraphError('unavailable', `the database is busy (${why}); retry shortly`, 'LimbicOverloaded'), { retryAfterMs: BUSY_RETRY_AFTER_MS });
}
