import { Neo4jError, type Driver } from 'neo4j-driver';
import { GraphError } from './graph.errors';
import { Neo4jExecutor } from './neo4j-executor';
import type { QueryRegistry } from './query-registry';

/** A driver whose sessions run the unit of work against a transaction that fails as told. */
function fakeDriver(run: () => Promise<unknown>): Driver {
  const tx = { run };
  const session = {
    executeWrite: (work: (t: unknown) => Promise<unknown>) => work(tx),
    executeRead: (work: (t: unknown) => Promise<unknown>) => work(tx),
    close: () => Promise.resolve(),
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
});
