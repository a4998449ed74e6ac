import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import { withoutStackCapture } from '@limbic/observability';
import { Neo4jError, type Driver, type ManagedTransaction, type RecordShape, type Session, type Transaction } from 'neo4j-driver';
import { GraphError, toGraphError } from './graph.errors';
import type { QueryName } from './query-names';
import type { EmbeddingSlot } from './embedding-space/embedding-slot';
import type { QueryRegistry } from './query-registry';
import type { UnitGate } from './unit-gate';
import { unionOf } from './consistency/bookmark-set';
import { currentBookmarks } from './consistency/causal-scope';
import type { TenantBookmarks } from './consistency/tenant-bookmarks';

export type Params = Readonly<Record<string, unknown>>;

/**
 * How long a unit of work keeps retrying, by what failed (retryKind): a retry starts only while
 * this much time has passed since the first attempt. A server that does not answer is said
 * within 2 s, as UNAVAILABLE (the driver's own retry time is 15–46 s, too long). One attempt
 * can itself take up to the acquisition timeout (1.5 s, neo4j-driver.provider), and after a
 * refused connection the driver waits 1–2 s before it dials that address again, so only a
 * failure that came at once (a stale pooled connection) gets its quick retry. A deadlock or
 * lock timeout between concurrent writers is worth a longer wait: the next attempt usually wins.
 */
export const RETRY_BUDGET_MS = { unavailable: 200, contention: 10_000 } as const;

/** A query runner bound to one open transaction, for multi-statement units of work. */
export interface TxRunner {
  run<T extends RecordShape = RecordShape>(name: QueryName, params?: Params): Promise<T[]>;
}

export interface ExecutorOptions {
  readonly database: string;
  readonly txTimeoutMs: number;
  /**
   * Debug logging of every query with its parameters (LIMBIC_LOG_LEVEL debug or verbose).
   * Off, the parameters are not even serialised: that cost ≈ 0.1 ms a query on every recall.
   */
  readonly logQueries?: boolean;
  /** Observes every unit of work (metrics); must not throw. */
  readonly onUnit?: (label: string, mode: 'READ' | 'WRITE', seconds: number, ok: boolean) => void;
  /** Observes every retry (metrics); must not throw. */
  readonly onRetry?: (label: string, kind: string) => void;
  /** Admission to the database (unit-gate.ts); without one, every unit goes straight to the pool. */
  readonly gate?: UnitGate;
  /** The embedding slot a tenant's queries read and write (EmbeddingSpaces); default: `embedding`. */
  readonly slotOf?: (tenantId: string | undefined) => EmbeddingSlot;
  /** Each tenant's latest write bookmarks in this process (causal consistency); without it, none are passed. */
  readonly bookmarks?: TenantBookmarks;
}

/** Where a read runs on a cluster: any member (a follower, usually), or the leader, which has every committed write. */
export interface ReadOptions {
  readonly onLeader?: boolean;
}

/** Queries that skip the gate: readiness must answer within a second even when requests queue. */
const UNGATED: ReadonlySet<string> = new Set(['health.ping']);

/**
 * The one way Limbic talks to Neo4j. Transactions retried on transient errors (writes by the
 * driver's managed transactions, reads here), metadata naming the query (visible in
 * `SHOW TRANSACTIONS` and query.log), and every database failure mapped to a typed GraphError.
 */
export class Neo4jExecutor {
  private readonly log = new Logger('Neo4j');

  constructor(
    private readonly driver: Driver,
    private readonly queries: QueryRegistry,
    private readonly options: ExecutorOptions,
  ) {}

  read<T extends RecordShape = RecordShape>(name: QueryName, params: Params = {}, options: ReadOptions = {}): Promise<T[]> {
    return this.unit(options.onLeader ? 'LEADER_READ' : 'READ', name, (tx) => tx.run<T>(name, params), tenantOf(params));
  }

  write<T extends RecordShape = RecordShape>(name: QueryName, params: Params = {}): Promise<T[]> {
    return this.unit('WRITE', name, (tx) => tx.run<T>(name, params), tenantOf(params));
  }

  /**
   * Several queries in one write transaction; the work function may be retried, keep it pure.
   * `tenantId` is whose turn it takes at the gate (unit-gate.ts).
   */
  writeTx<R>(label: string, work: (tx: TxRunner) => Promise<R>, tenantId?: string): Promise<R> {
    return this.unit('WRITE', label, work, tenantId);
  }

  readTx<R>(label: string, work: (tx: TxRunner) => Promise<R>, tenantId?: string): Promise<R> {
    return this.unit('READ', label, work, tenantId);
  }

  /**
   * Schema statements must run outside explicit transactions with data. Ordered like units with
   * no tenant (the migrations' own reads): on a cluster the next read of the pending indexes
   * waits until its member has the index just created.
   */
  async runRaw(label: string, text: string, params: Params = {}): Promise<void> {
    await this.schemaSession(label, (session) => session.run(text, params, { metadata: { app: 'limbic', query: label } }));
  }

  /**
   * Schema statements that must take effect together, in one write transaction: all or none
   * (an index replaced by its successor on the same schema, which Neo4j does not hold twice).
   */
  async runRawTogether(label: string, statements: readonly { readonly text: string; readonly params?: Params }[]): Promise<void> {
    await this.schemaSession(label, (session) =>
      session.executeWrite(
        async (tx) => {
          for (const s of statements) await tx.run(s.text, s.params ?? {});
        },
        { metadata: { app: 'limbic', query: label } },
      ),
    );
  }

  /** A session for schema work, ordered after the no-tenant chain of bookmarks and advancing it. */
  private async schemaSession(label: string, work: (session: Session) => Promise<unknown>): Promise<void> {
    const chain = this.options.bookmarks?.of(NO_TENANT);
    const start = chain?.values() ?? [];
    const session = this.driver.session({ database: this.options.database, bookmarks: start });
    try {
      await work(session);
      chain?.advance(start, session.lastBookmarks());
    } catch (err) {
      throw toGraphError(err, label);
    } finally {
      await session.close();
    }
  }

  private async unit<R>(mode: UnitMode, label: string, work: (tx: TxRunner) => Promise<R>, tenantId = ''): Promise<R> {
    const gate = this.options.gate;
    // A unit started inside another's work (none does today) would wait for a permit while
    // holding one: it goes straight to the pool instead.
    if (!gate || UNGATED.has(label) || insideUnit.getStore()) return this.causal(mode, label, work, tenantId);
    const release = await gate.acquire(tenantId);
    try {
      return await insideUnit.run(true, () => this.causal(mode, label, work, tenantId));
    } finally {
      release();
    }
  }

  /**
   * The unit begins with the bookmarks of the tenant's latest writes in this process and of the
   * current scope (a request's consistency token, a job's writer); a write advances both. On a
   * single server the bookmarks are always already reached and cost nothing measurable. A
   * database that no longer knows them (restored, or replaced) refuses them as invalid: they
   * are forgotten and the unit runs once more without them.
   */
  private async causal<R>(mode: UnitMode, label: string, work: (tx: TxRunner) => Promise<R>, tenantId: string): Promise<R> {
    // Units without a tenant (migrations, sweeps over every tenant) form one chain of their own.
    const tenant = this.options.bookmarks?.of(tenantId === '' ? NO_TENANT : tenantId);
    const scope = currentBookmarks();
    const start = unionOf(tenant, scope);
    try {
      return await this.session(mode, label, work, start, (last) => {
        tenant?.advance(start, last);
        scope?.advance(start, last);
      });
    } catch (err) {
      if (start.length === 0 || !isInvalidBookmark(err)) throw err;
      this.log.warn(`${label}: the database refused ${start.length} bookmark(s) as unknown; running without them`);
      tenant?.clear();
      scope?.clear();
      return this.session(mode, label, work, [], () => undefined);
    }
  }

  private async session<R>(mode: UnitMode, label: string, work: (tx: TxRunner) => Promise<R>, bookmarks: string[], onCommit: (last: string[]) => void): Promise<R> {
    const accessMode = mode === 'READ' ? 'READ' : 'WRITE';
    const session = this.driver.session({ database: this.options.database, defaultAccessMode: accessMode, bookmarks });
    const config = { metadata: { app: 'limbic', query: label }, timeout: this.options.txTimeoutMs };
    const started = performance.now();
    let ok = false;
    let closing: Promise<void> | undefined;
    try {
      let result: R;
      if (mode !== 'WRITE') {
        ({ result, closing } = await this.readUnit(session, config, work, this.retried(label)));
      } else {
        // The driver does not retry (maxTransactionRetryTime 0, neo4j-driver.provider): retried here.
        result = await withRetries(() => session.executeWrite((tx: ManagedTransaction) => work(this.runner(tx)), config), this.retried(label));
        onCommit(session.lastBookmarks());
      }
      ok = true;
      return result;
    } catch (err) {
      // What the caller's own code threw inside the unit (a typed domain error, say) is not a
      // database failure: it leaves as it came, so it reaches the client with its own code.
      if (!(err instanceof Neo4jError) && !(err instanceof GraphError)) throw err;
      throw toGraphError(err, label);
    } finally {
      // A read's commit (and with it the session's close) finishes in the background.
      if (closing) void closing.finally(() => session.close()).catch(() => undefined);
      else await session.close();
      const ms = performance.now() - started;
      this.options.onUnit?.(label, accessMode, ms / 1000, ok);
      this.log.verbose(`${mode} ${label} ${ms.toFixed(1)} ms`);
    }
  }

  /**
   * A read unit in an explicit transaction whose commit the caller does not wait for: a read
   * has nothing to commit, and the COMMIT round trip was ≈ 0.4 ms of every recall (measured,
   * two queries per transaction: 1.86 → 1.30 ms p50). Its results are final once its queries
   * have answered. Failures are retried like writes (withRetries).
   */
  private readUnit<R>(
    session: Session,
    config: { metadata: Record<string, string>; timeout: number },
    work: (tx: TxRunner) => Promise<R>,
    onRetry: (kind: string, err: unknown) => void,
  ): Promise<{ result: R; closing: Promise<void> }> {
    return withRetries(async () => {
      const tx: Transaction = session.beginTransaction(config);
      try {
        const result = await work(this.runner(tx));
        const closing = tx.commit().catch(() => undefined);
        return { result, closing };
      } catch (err) {
        await tx.rollback().catch(() => undefined);
        throw err;
      }
    }, onRetry);
  }

  private retried(label: string): (kind: string, err: unknown) => void {
    return (kind, err) => {
      this.options.onRetry?.(label, kind);
      this.log.debug(`retrying ${label} (${kind}): ${err instanceof Error ? err.message.replace(/\s+/g, ' ').slice(0, 600) : String(err)}`);
    };
  }

  private runner(tx: ManagedTransaction | Transaction): TxRunner {
    return {
      run: async <T extends RecordShape>(name: QueryName, params: Params = {}) => {
        if (this.options.logQueries) this.log.debug(`${name} ${JSON.stringify(params, redactVectors)}`);
        const started = performance.now();
        // The driver captures a stack for every query it starts, to put on an error that may
        // come later (≈ 0.4 ms of CPU per recall, measured with --cpu-prof: bench/recall-latency README); our
        // errors name the query instead (GraphError). It captures synchronously inside `run`.
        const result = await withoutStackCapture(() => tx.run<T>(this.queries.get(name, this.options.slotOf?.(tenantIdOf(params))), params));
        if (this.options.logQueries) this.log.verbose(`  ${name} ${(performance.now() - started).toFixed(1)} ms, ${result.records.length} rows`);
        return result.records.map((r) => r.toObject());
      },
    };
  }
}

const insideUnit = new AsyncLocalStorage<true>();

/** The bookmark chain of units that name no tenant (a name no tenant id can have: ids are [A-Za-z0-9_-]). */
const NO_TENANT = ' system';

/** READ runs on any cluster member; LEADER_READ is a read sent where writes go (it sees every commit). */
type UnitMode = 'READ' | 'LEADER_READ' | 'WRITE';

/** Neo4j's refusal of bookmarks it cannot parse or does not know (InvalidBookmark, InvalidBookmarkMixture). */
function isInvalidBookmark(err: unknown): boolean {
  const code = err instanceof Neo4jError ? err.code : err instanceof GraphError ? err.neo4jCode : undefined;
  return typeof code === 'string' && code.startsWith('Neo.ClientError.Transaction.InvalidBookmark');
}

function tenantIdOf(params: Params): string | undefined {
  return typeof params.tenantId === 'string' ? params.tenantId : undefined;
}

function tenantOf(params: Params): string {
  return tenantIdOf(params) ?? '';
}

/** Which retry budget a failure draws on; null: not retried. */
export function retryKind(err: unknown): keyof typeof RETRY_BUDGET_MS | null {
  if (!(err instanceof Neo4jError)) return null;
  if (err.code === 'ServiceUnavailable' || err.code === 'SessionExpired' || isAcquisitionTimeout(err)) return 'unavailable';
  return err.retryable ? 'contention' : null;
}

/** The driver's pool had no free connection in time (an overloaded process): not worth a retry. */
export function isAcquisitionTimeout(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith('Connection acquisition timed out');
}

/**
 * Runs `attempt` until it succeeds, fails for good, or its failure's budget is spent. Backoff
 * doubles from 20 ms (at most 500) with ±50 % jitter, so that writers that deadlocked on each
 * other do not collide again in step. A pool that had no connection is not retried: waiting
 * longer only lengthens the queue that caused it.
 */
export async function withRetries<R>(
  attempt: () => Promise<R>,
  onRetry: (kind: keyof typeof RETRY_BUDGET_MS, err: unknown) => void = () => undefined,
  sleep: (ms: number) => Promise<void> = delay,
): Promise<R> {
  const started = performance.now();
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const kind = retryKind(err);
      if (kind === null || isAcquisitionTimeout(err)) throw err;
      const wait = Math.min(500, 20 * 2 ** n) * (0.5 + Math.random());
      if (performance.now() - started + wait > RETRY_BUDGET_MS[kind]) throw err;
      onRetry(kind, err);
      await sleep(wait);
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Debug logs show parameters but not 384-float vectors. */
function redactVectors(_key: string, value: unknown): unknown {
  return Array.isArray(value) && value.length > 16 && typeof value[0] === 'number' ? `[${value.length} floats]` : value;
}
