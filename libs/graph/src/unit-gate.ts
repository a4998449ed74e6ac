import { GraphError } from './graph.errors';

/**
 * Admission to Neo4j: at most `permits` units of work at once (the driver pool's size, so the
 * pool itself never queues), the rest waiting here, served round-robin by tenant so that one
 * tenant's flood of concurrent requests cannot push another's to the back of one long line.
 *
 * While several tenants are active (a unit running or waiting, or one ended in the last
 * `activeWindowMs`), each runs at most its share of `sharedPermits` (about the core count:
 * `sharedPermits / active`, at least one), and a permit beyond a tenant's share stays free
 * for the others even when nobody else waits at this moment. Round-robin admission alone let
 * a flooding tenant fill every permit between another tenant's sequential requests, whose
 * units then shared the two cores with all of the flood's (bench/load README). A tenant alone
 * gets every permit: the permits above the cores overlap its own round trips.
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
  /** Units running by tenant, and when each tenant's last unit ended (ms). */
  private readonly running = new Map<string, number>();
  private readonly lastEnded = new Map<string, number>();

  private readonly sharedPermits: number;
  private readonly activeWindowMs: number;
  private readonly nowMs: () => number;

  constructor(
    private readonly permits: number,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
    options: { readonly sharedPermits?: number; readonly activeWindowMs?: number; readonly nowMs?: () => number } = {},
  ) {
    this.free = permits;
    this.sharedPermits = Math.min(options.sharedPermits ?? permits, permits);
    this.activeWindowMs = options.activeWindowMs ?? ACTIVE_WINDOW_MS;
    this.nowMs = options.nowMs ?? Date.now;
  }

  /** Resolves with the function that gives the permit back (call it exactly once). */
  acquire(tenant: string): Promise<() => void> {
    if (this.free > 0 && !this.queues.has(tenant) && this.fits(tenant, this.activeTenants())) return Promise.resolve(this.start(tenant));
    if (this.waiting >= this.maxWaiting) return Promise.reject(busy(`${this.waiting} requests already wait for the database`));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(this.start(tenant));
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

  /**
   * The tenants active now: a unit running or waiting, or one ended within `activeWindowMs`
   * (older endings are forgotten here). Units without a tenant (migrations, sweeps, the
   * embedding-space cache) are nobody's share and do not count as a tenant. Computed once per
   * admission or hand-over: granting a waiter leaves the set as it is.
   */
  private activeTenants(): Set<string> {
    const now = this.nowMs();
    const active = new Set<string>(this.running.keys());
    for (const t of this.queues.keys()) active.add(t);
    for (const [t, at] of this.lastEnded) {
      if (now - at <= this.activeWindowMs) active.add(t);
      else if (!active.has(t)) this.lastEnded.delete(t);
    }
    active.delete('');
    return active;
  }

  /** Whether one more unit of `tenant` is within its share while `active` are active. */
  private fits(tenant: string, active: ReadonlySet<string>): boolean {
    const others = active.size - (active.has(tenant) ? 1 : 0);
    const share = others === 0 ? this.permits : Math.max(1, Math.floor(this.sharedPermits / (1 + others)));
    return (this.running.get(tenant) ?? 0) < share;
  }

  private start(tenant: string): () => void {
    this.free--;
    this.running.set(tenant, (this.running.get(tenant) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(tenant) ?? 1) - 1;
      if (left > 0) this.running.set(tenant, left);
      else this.running.delete(tenant);
      this.lastEnded.set(tenant, this.nowMs());
      this.free++;
      this.dispatch();
    };
  }

  /** Gives free permits to waiting tenants in turn, skipping those at their share. */
  private dispatch(): void {
    if (this.turns.length === 0) return;
    const active = this.activeTenants();
    for (let looked = 0; this.free > 0 && looked < this.turns.length; ) {
      const tenant = this.turns.shift() as string;
      if (!this.fits(tenant, active)) {
        this.turns.push(tenant);
        looked++;
        continue;
      }
      const queue = this.queues.get(tenant) as Waiter[];
      const next = queue.shift() as Waiter;
      this.waiting--;
      if (queue.length > 0) this.turns.push(tenant);
      else this.queues.delete(tenant);
      looked = 0;
      next.grant();
    }
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

/** chosen: how long after its last unit a tenant still counts as active (a sequential client's pause between requests). */
const ACTIVE_WINDOW_MS = 1000;

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
