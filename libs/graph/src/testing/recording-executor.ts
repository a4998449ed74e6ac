import type { RecordShape } from 'neo4j-driver';
import type { Neo4jExecutor, Params, ReadOptions, TxRunner } from '../neo4j-executor';
import type { QueryName } from '../query-names';

/** The executor's public methods: the recorder implements each with the executor's own signature. */
type ExecutorSurface = Pick<Neo4jExecutor, 'read' | 'write' | 'writeTx' | 'readTx' | 'runRaw'>;

/** One query a service ran: its registry name, parameters, and the unit of work it ran in. */
export interface RecordedQuery {
  readonly name: QueryName;
  readonly params: Params;
  /** The unit's label (`writeTx('memory.update', …)`), or the query's own name for `read` / `write`. */
  readonly unit: string;
  readonly mode: 'READ' | 'WRITE';
  /** A read sent to the cluster's leader (`read(…, { onLeader: true })`). */
  readonly onLeader: boolean;
}

/** What a scripted query answers: fixed rows, or rows made from the parameters it was given. */
export type ScriptedRows = readonly RecordShape[] | ((params: Params) => readonly RecordShape[]);

/**
 * A stand-in for Neo4jExecutor in service specs, in the manner of graphiti's RecordingDriver and
 * neo4j/graphql's TCK: the real repositories and transaction objects run on top of it, every
 * query they send is recorded by name with its parameters, and each answers from the rows
 * scripted for its name (none scripted: no rows). A spec then asserts which queries ran, in what
 * order and with what parameters, without a database; whether the Cypher itself does what its
 * name says is the integration tier's question.
 */
export class RecordingExecutor implements ExecutorSurface {
  readonly queries: RecordedQuery[] = [];
  private readonly scripts = new Map<QueryName, ScriptedRows[]>();

  /**
   * Rows for the next run of `name`; several calls queue answers for successive runs, the last
   * one answering every later run.
   */
  answer(name: QueryName, rows: ScriptedRows): this {
    this.scripts.set(name, [...(this.scripts.get(name) ?? []), rows]);
    return this;
  }

  /** The names of the queries run so far, in order. */
  names(): QueryName[] {
    return this.queries.map((q) => q.name);
  }

  /** The parameters of every run of `name`, in order. */
  paramsOf(name: QueryName): Params[] {
    return this.queries.filter((q) => q.name === name).map((q) => q.params);
  }

  /** Queries that were not given this tenant id: every query a tenant's request runs must be. */
  withoutTenant(tenantId: string): RecordedQuery[] {
    return this.queries.filter((q) => q.params.tenantId !== tenantId);
  }

  /**
   * This recorder typed as the executor the repositories take. Neo4jExecutor is a class with
   * private members, which TypeScript compares by declaration, not by shape; the public surface
   * is checked against it (`implements ExecutorSurface`), so the cast cannot hide a missing method.
   */
  asExecutor(): Neo4jExecutor {
    return this as unknown as Neo4jExecutor;
  }

  read<T extends RecordShape = RecordShape>(name: QueryName, params: Params = {}, options: ReadOptions = {}): Promise<T[]> {
    return Promise.resolve(this.run<T>(name, params, name, 'READ', options.onLeader === true));
  }

  write<T extends RecordShape = RecordShape>(name: QueryName, params: Params = {}): Promise<T[]> {
    return Promise.resolve(this.run<T>(name, params, name, 'WRITE'));
  }

  writeTx<R>(label: string, work: (tx: TxRunner) => Promise<R>, _tenantId?: string): Promise<R> {
    return work(this.runner(label, 'WRITE'));
  }

  readTx<R>(label: string, work: (tx: TxRunner) => Promise<R>, _tenantId?: string): Promise<R> {
    return work(this.runner(label, 'READ'));
  }

  runRaw(_label: string, _text: string, _params: Params = {}): Promise<void> {
    return Promise.reject(new Error('RecordingExecutor: schema statements belong to the integration tier'));
  }

  private runner(unit: string, mode: 'READ' | 'WRITE'): TxRunner {
    return {
      run: <T extends RecordShape = RecordShape>(name: QueryName, params: Params = {}) => Promise.resolve(this.run<T>(name, params, unit, mode)),
    };
  }

  private run<T extends RecordShape>(name: QueryName, params: Params, unit: string, mode: 'READ' | 'WRITE', onLeader = false): T[] {
    this.queries.push({ name, params, unit, mode, onLeader });
    const queued = this.scripts.get(name) ?? [];
    const script = queued.length > 1 ? queued.shift() : queued[0];
    const rows = typeof script === 'function' ? script(params) : (script ?? []);
    // Scripted rows are plain objects typed by the spec that wrote them, as the driver's are by the repository.
    return rows.map((row) => ({ ...row }) as T);
  }
}
