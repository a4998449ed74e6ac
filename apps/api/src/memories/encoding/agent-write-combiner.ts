/**
 * One agent's writes, one transaction at a time, with whatever arrived meanwhile combined
 * into the next. Concurrent encode transactions into one agent queue on the agent's lock in
 * Neo4j, each holding a pooled connection while it waits, and deadlock there often enough
 * that 16 clients got 13 encodes/s and errors (bench/load README). Here they wait in this
 * process without a connection, and the transaction that follows writes all of them as one
 * batch: under load, throughput grows with the batch instead of shrinking with the lock queue.
 *
 * The Neo4j lock stays (other processes write too); within one process it is never contended.
 */
export interface WriteGroup<I> {
  readonly items: readonly I[];
  /** How many calls the items came from: each call is one interaction of the agent. */
  readonly calls: number;
}

export class AgentWriteCombiner<I, O> {
  private readonly lanes = new Map<string, Lane<I, O>>();

  /**
   * @param maxItems  at most this many items per combined write (a larger submission alone).
   * @param maxQueued at most this many items waiting per key; more are refused by `overloaded`.
   */
  constructor(
    private readonly maxItems: number,
    private readonly maxQueued: number,
    private readonly overloaded: (queued: number) => Error,
  ) {}

  /**
   * Writes `items` for `key` with `write`, alone or combined with other submissions for the
   * same key (then the first one's `write` runs for all). Resolves with this submission's
   * share of the results, in order; `write` must return one result per item.
   */
  submit(key: string, items: readonly I[], write: (group: WriteGroup<I>) => Promise<readonly O[]>): Promise<O[]> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { waiting: [], queued: 0, running: false };
      this.lanes.set(key, lane);
    }
    if (lane.running && lane.queued + items.length > this.maxQueued) return Promise.reject(this.overloaded(lane.queued));
    const l = lane;
    return new Promise<O[]>((resolve, reject) => {
      l.waiting.push({ items, write, resolve, reject });
      l.queued += items.length;
      if (!l.running) void this.drain(key, l);
    });
  }

  /** Keys with writes running or waiting (for tests and metrics). */
  get activeKeys(): number {
    return this.lanes.size;
  }

  private async drain(key: string, lane: Lane<I, O>): Promise<void> {
    // One at a time: two transactions of one agent in flight measured slower (75 vs 128
    // encodes/s, 16 clients), as the second waits on the first's lock and sometimes deadlocks.
    lane.running = true;
    while (lane.waiting.length > 0) {
      const group = this.take(lane);
      await this.run(group);
    }
    lane.running = false;
    this.lanes.delete(key);
  }

  private take(lane: Lane<I, O>): Submission<I, O>[] {
    const group: Submission<I, O>[] = [];
    let n = 0;
    while (lane.waiting.length > 0) {
      const next = lane.waiting[0] as Submission<I, O>;
      if (group.length > 0 && n + next.items.length > this.maxItems) break;
      group.push(next);
      n += next.items.length;
      lane.waiting.shift();
    }
    lane.queued -= n;
    return group;
  }

  private async run(group: readonly Submission<I, O>[]): Promise<void> {
    const first = group[0] as Submission<I, O>;
    try {
      const results = await first.write({ items: group.flatMap((s) => s.items), calls: group.length });
      let at = 0;
      for (const s of group) {
        s.resolve(results.slice(at, at + s.items.length));
        at += s.items.length;
      }
    } catch (err) {
      if (group.length === 1) {
        first.reject(err);
        return;
      }
      // One call's failure must not become its neighbours': each is tried again on its own,
      // and each caller gets its own outcome.
      for (const s of group) await this.run([s]);
    }
  }
}

interface Submission<I, O> {
  readonly items: readonly I[];
  readonly write: (group: WriteGroup<I>) => Promise<readonly O[]>;
  readonly resolve: (results: O[]) => void;
  readonly reject: (err: unknown) => void;
}

interface Lane<I, O> {
  readonly waiting: Submission<I, O>[];
  queued: number;
  running: boolean;
}
