import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { Neo4jError, type Driver } from 'neo4j-driver';
import { createDriver, findCypherDir, MigrationRunner, Neo4jExecutor, QueryRegistry } from '@limbic/graph';
import { FOUNDATION_QUERIES } from '../../libs/graph/src/query-names/foundation.queries';
import { testDriver } from '../support/neo4j';
import { uniqueSuffix } from '../support/processes';

/**
 * libs/graph against the real Neo4j, in this process: migrations applied once even when two
 * runners start together, transactions named by their query, transient errors retried by the
 * executor. Start-up refused on an embedding dimension the vector index was not built for is
 * the API process's behaviour: test/dimension-refusal.e2e-spec.ts.
 */
const DB = { database: process.env.NEO4J_DATABASE ?? 'neo4j' };

describe('graph foundation on the real Neo4j', () => {
  let driver: Driver;
  let appDriver: Driver;
  let executor: Neo4jExecutor;
  const suffix = uniqueSuffix();
  const scope = `test_${suffix}`;

  beforeAll(() => {
    Logger.overrideLogger(['error']);
    driver = testDriver();
    appDriver = createDriver({
      uri: process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687',
      user: process.env.NEO4J_USER ?? 'neo4j',
      password: process.env.NEO4J_PASSWORD ?? 'limbic-dev-password',
      database: DB.database,
      maxPoolSize: 10,
      maxActive: 10,
      sharedActive: 10,
      maxWaiting: 100,
      maxWaitMs: 10_000,
      txTimeoutMs: 30_000,
    });
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), FOUNDATION_QUERIES);
    executor = new Neo4jExecutor(appDriver, registry, { database: DB.database, txTimeoutMs: 30_000 });
  });
  afterAll(async () => {
    await driver.executeQuery('MATCH (m:LimbicMigration) WHERE m.scope = $scope DELETE m', { scope }, DB);
    await driver.executeQuery('MATCH (l:LimbicMigrationLock) WHERE l.id = $scope DELETE l', { scope }, DB);
    await driver.executeQuery(`DROP INDEX test_migration_${suffix}_a IF EXISTS`, {}, DB);
    await driver.executeQuery(`DROP INDEX test_migration_${suffix}_b IF EXISTS`, {}, DB);
    await driver?.close();
    await appDriver?.close();
  });

  it('applies each migration once and records it, when two processes migrate at the same time', async () => {
    // Two schema statements under a scope of this test only (labels and index names cannot be
    // parameters, hence the generated files).
    const dir = mkdtempSync(join(tmpdir(), 'limbic-migrations-'));
    try {
      writeFileSync(join(dir, '001_first.cypher'), `CREATE INDEX test_migration_${suffix}_a IF NOT EXISTS FOR (n:LimbicTest${suffix}) ON (n.a);\n`);
      writeFileSync(join(dir, '002_second.cypher'), `// a comment line\nCREATE INDEX test_migration_${suffix}_b IF NOT EXISTS FOR (n:LimbicTest${suffix}) ON (n.b);\n`);
      const one = new MigrationRunner(executor, dir, Date.now, scope);
      const two = new MigrationRunner(executor, dir, Date.now, scope);
      const [a, b] = await Promise.all([one.run({ embeddingDimension: 384 }), two.run({ embeddingDimension: 384 })]);

      // Between them, every file applied exactly once (whoever got the lock first did both).
      expect([...a, ...b].sort()).toEqual(['001_first.cypher', '002_second.cypher']);
      const { records } = await driver.executeQuery('MATCH (m:LimbicMigration) WHERE m.scope = $scope RETURN m.number AS n, m.name AS name ORDER BY n', { scope }, DB);
      expect(records.map((r) => [r.get('n'), r.get('name')])).toEqual([
        ['001', '001_first.cypher'],
        ['002', '002_second.cypher'],
      ]);
      const indexes = await driver.executeQuery('SHOW INDEXES YIELD name WHERE name STARTS WITH $prefix RETURN name ORDER BY name', { prefix: `test_migration_${suffix}` }, DB);
      expect(indexes.records.map((r) => r.get('name'))).toEqual([`test_migration_${suffix}_a`, `test_migration_${suffix}_b`]);

      // A later start applies nothing, and the lock was released.
      expect(await new MigrationRunner(executor, dir, Date.now, scope).run({ embeddingDimension: 384 })).toEqual([]);
      writeFileSync(join(dir, '003_third.cypher'), `DROP INDEX test_migration_${suffix}_a IF EXISTS;\n`);
      expect(await new MigrationRunner(executor, dir, Date.now, scope).run({ embeddingDimension: 384 })).toEqual(['003_third.cypher']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every transaction by its query (visible in SHOW TRANSACTIONS)', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    const label = `test.metadata-${suffix}`;
    const unit = executor.readTx(label, async (tx) => {
      await tx.run('health.ping');
      opened();
      await held; // keep the transaction open while the other session looks at it
    });
    try {
      await isOpen;
      const { records } = await driver.executeQuery('SHOW TRANSACTIONS YIELD metaData RETURN metaData', {}, DB);
      const ours = records.map((r) => r.get('metaData') as Record<string, unknown>).filter((m) => m.query === label);
      expect(ours).toEqual([{ app: 'limbic', query: label }]);
    } finally {
      release();
      await unit;
    }
  });

  it('retries a unit of work after a transient error, with the failed attempt rolled back', async () => {
    const retryScope = `${scope}_retry`;
    let attempts = 0;
    try {
      const result = await executor.writeTx('test.retry', async (tx) => {
        attempts += 1;
        await tx.run('migration.record', { scope: retryScope, id: `attempt-${attempts}`, name: 'retry probe', checksum: '-', at: Date.now() });
        if (attempts === 1) throw new Neo4jError('simulated deadlock', 'Neo.TransientError.Transaction.DeadlockDetected', '50N00', 'simulated');
        return attempts;
      });
      expect(result).toBe(2);
      const { records } = await driver.executeQuery('MATCH (m:LimbicMigration) WHERE m.scope = $s RETURN m.number AS n', { s: retryScope }, DB);
      expect(records.map((r) => r.get('n'))).toEqual(['attempt-2']);
    } finally {
      await driver.executeQuery('MATCH (m:LimbicMigration) WHERE m.scope = $s DELETE m', { s: retryScope }, DB);
    }
  });

  it('retries a read unit after a transient error, and answers from the new transaction', async () => {
    let attempts = 0;
    const rows = await executor.readTx('test.read-retry', async (tx) => {
      attempts += 1;
      const found = await tx.run('migration.applied', { scope });
      if (attempts === 1) throw new Neo4jError('simulated restart', 'Neo.TransientError.General.DatabaseUnavailable', '08000', 'simulated');
      return found;
    });
    expect(attempts).toBe(2);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(await executor.read('migration.applied', { scope }));
  });

  it('maps a client error to a typed error and does not retry it', async () => {
    let attempts = 0;
    await expect(
      executor.writeTx('test.no-retry', async () => {
        attempts += 1;
        throw new Neo4jError('bad statement', 'Neo.ClientError.Statement.SyntaxError', '42001', 'simulated');
      }),
    ).rejects.toMatchObject({ name: 'GraphError' });
    expect(attempts).toBe(1);
  });
});
