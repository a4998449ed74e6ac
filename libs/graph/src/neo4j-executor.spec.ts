import { Neo4jError, type Driver } from 'neo4j-driver';
import { GraphError } from './graph.errors';
import { Neo4jExecutor, RETRY_BUDGET_MS, retryKind, withRetries } from './neo4j-executor';
import type { QueryRegistry } from './query-registry';

/** A driver whose sessions run the unit of work against a transaction that fails as told. */
function fakeDriver(run: () => Promise<unknown>, log: string[] = [], commit: () => Promise<void> = () => Promise.resolve()): Driver {
  const tx = { run };
  const session = {
    executeWrite: (work: (t: unknown) => Promise<unknown>) => work(tx),
    beginTransaction: () => {
      log.push('begin');
      return {
        run,
        commit: () => (log.push('commit'), commit()),
        rollback: () => (log.push('rollback'), Promise.resolve()),
      };
    },
    close: () => (log.push('close'), Promise.resolve()),
  };
  return { session: () => session } as unknown as Driver;
}

const registry = { get: () => 'RETURN 1' } as unknown as QueryRegistry;
const options = { database: 'neo4j', txTimeoutMs: 1000 };

class DomainError extends Error {}

describe('Neo4jExecutor error mapping', () => {
  it('lets the caller’s own errors leave a unit of work unchanged', async () => {
    const executor = new Neo4jExecutor(fakeDriver(() => Promise.resolve({ records: [] })), registry, options);
    const thrown = new DomainError('unknown agent');
    await expect(executor.writeTx('encode', () => Promise.reject(thrown))).rejects.toBe(thrown);
    await expect(executor.readTx('recall', () => Promise.reject(thrown))).rejects.toBe(thrown);
  });

  it('maps database failures to typed GraphErrors naming the unit', async () => {
    const failing = () => Promise.reject(new Neo4jError('already exists', 'Neo.ClientError.Schema.ConstraintValidationFailed', '', ''));
    const executor = new Neo4jExecutor(fakeDriver(failing), registry, options);
    const err: unknown = await executor.write('agent.create').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GraphError);
    expect(err).toMatchObject({ kind: 'conflict', queryName: 'agent.create' });
  });

  it('retries a read after a transient error, in a new transaction, and not after a client error', async () => {
    let calls = 0;
    const log: string[] = [];
    const flaky = () => (++calls === 1 ? Promise.reject(new Neo4jError('bad statement', 'Neo.ClientError.Statement.SyntaxError', '', '')) : Promise.resolve({ records: [] }));
    // A client error is not retried: one attempt, rolled back, a typed error.
    await expect(new Neo4jExecutor(fakeDriver(flaky, log), registry, options).read('agent.get')).rejects.toBeInstanceOf(GraphError);
    expect([calls, log]).toEqual([1, ['begin', 'rollback', 'close']]);

    calls = 0;
    log.length = 0;
    const transient = () => (++calls === 1 ? Promise.reject(new Neo4jError('unavailable', 'ServiceUnavailable', '', '')) : Promise.resolve({ records: [] }));
    await expect(new Neo4jExecutor(fakeDriver(transient, log), registry, options).read('agent.get')).resolves.toEqual([]);
    expect(calls).toBe(2);
    expect(log).toEqual(['begin', 'rollback', 'begin', 'commit', 'close']);
  });

  it('answers a read without waiting for its commit, and closes the session once the commit is done', async () => {
    const log: string[] = [];
    let finishCommit: () => void = () => undefined;
    const commit = () => new Promise<void>((r) => (finishCommit = r));
    const rows = await new Neo4jExecutor(fakeDriver(() => Promise.resolve({ records: [] }), log, commit), registry, options).read('agent.get');
    expect(rows).toEqual([]);
    expect(log).toEqual(['begin', 'commit']);
    finishCommit();
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['begin', 'commit', 'close']);
  });

  it('starts queries without the driver capturing a stack trace, and restores the limit after', async () => {
    const before = Error.stackTraceLimit;
    let during: number | undefined;
    // What the driver's Result constructor does, synchronously inside run: capture a stack.
    const run = () => ((during = Error.stackTraceLimit), Promise.resolve({ records: [] }));
    await new Neo4jExecutor(fakeDriver(run), registry, options).read('agent.get');
    expect(during).toBe(0);
    expect(Error.stackTraceLimit).toBe(before);
    // Also when starting the query throws.
    const throwing = () => {
      throw new Neo4jError('bad statement', 'Neo.ClientError.Statement.SyntaxError', '', '');
    };
    await expect(new Neo4jExecutor(fakeDriver(throwing as never), registry, options).read('agent.get')).rejects.toBeInstanceOf(GraphError);
    expect(Error.stackTraceLimit).toBe(before);
  });
});

describe('withRetries', () => {
  const transient = () => new Neo4jError('deadlock', 'Neo.TransientError.Transaction.DeadlockDetected', '', '');
  const down = () => new Neo4jError('connection refused', 'ServiceUnavailable', '', '');

  /** A clock advanced by the sleeps only, so budgets are checked without waiting. */
  function fakeTime() {
    let now = 0;
    const spy = jest.spyOn(performance, 'now').mockImplementation(() => now);
    return { sleep: (ms: number) => ((now += ms), Promise.resolve()), restore: () => spy.mockRestore() };
  }

  it('classifies failures: down and pool exhaustion are unavailable, deadlocks contention, client errors none', () => {
    expect(retryKind(down())).toBe('unavailable');
    expect(retryKind(new Neo4jError('Connection acquisition timed out in 2000 ms. Pool status: Active conn count = 50', 'N/A', '', ''))).toBe('unavailable');
    expect(retryKind(transient())).toBe('contention');
    expect(retryKind(new Neo4jError('syntax', 'Neo.ClientError.Statement.SyntaxError', '', ''))).toBeNull();
    expect(retryKind(new Error('mine'))).toBeNull();
  });

  it('retries contention until it succeeds', async () => {
    const time = fakeTime();
    let calls = 0;
    const kinds: string[] = [];
    const result = await withRetries(() => (++calls < 4 ? Promise.reject(transient()) : Promise.resolve('ok')), (k) => kinds.push(k), time.sleep);
    time.restore();
    expect([result, calls, kinds]).toEqual(['ok', 4, ['contention', 'contention', 'contention']]);
  });

  it('gives up on a server that does not answer within its short budget, and on contention within the long one', async () => {
    for (const [error, budget] of [[down, RETRY_BUDGET_MS.unavailable], [transient, RETRY_BUDGET_MS.contention]] as const) {
      const time = fakeTime();
      let calls = 0;
      let slept = 0;
      const sleep = (ms: number) => ((slept += ms), time.sleep(ms));
      await expect(withRetries(() => (calls++, Promise.reject(error())), undefined, sleep)).rejects.toBeInstanceOf(Neo4jError);
      time.restore();
      expect(slept).toBeLessThanOrEqual(budget);
      expect(calls).toBeGreaterThan(1);
    }
  });

  it('does not retry a pool that had no connection, nor a client error', async () => {
    for (const error of [new Neo4jError('Connection acquisition timed out in 2000 ms.', 'N/A', '', ''), new Neo4jError('bad', 'Neo.ClientError.Statement.SyntaxError', '', '')]) {
      let calls = 0;
      await expect(withRetries(() => (calls++, Promise.reject(error)))).rejects.toBe(error);
      expect(calls).toBe(1);
    }
  });
});
