import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { createDriver, findCypherDir, MigrationRunner, Neo4jExecutor, QUERY_NAMES, QueryRegistry, ReembedRepository, replaceLegacySlotIndexes } from '@limbic/graph';
import type { Driver } from 'neo4j-driver';
import { deleteTenants } from './neo4j';

export interface InProcessGraph {
  /** The executor the services use, with every registered query. */
  readonly executor: Neo4jExecutor;
  readonly driver: Driver;
  close(): Promise<void>;
}

/**
 * libs/graph in the test's own process on the real Neo4j (NEO4J_URI), for the integration tier:
 * the schema migrated first (idempotent, serialised by its lock; the slot indexes replaced as at
 * boot), since this tier runs before any API or worker has booted on a fresh database. `close` deletes the tenants named.
 * `txTimeoutMs`: the executor's transaction timeout (the services' default, 30 s, unless a file
 * runs heavier transactions, like a migration's index build over a crowd).
 */
export async function openGraph(tenantIds: readonly string[] = [], opts: { txTimeoutMs?: number } = {}): Promise<InProcessGraph> {
  const txTimeoutMs = opts.txTimeoutMs ?? 30_000;
  Logger.overrideLogger(['error']);
  const database = process.env.NEO4J_DATABASE ?? 'neo4j';
  const driver = createDriver({
    uri: process.env.NEO4J_URI ?? 'bolt://127.0.0.1:7687',
    user: process.env.NEO4J_USER ?? 'neo4j',
    password: process.env.NEO4J_PASSWORD ?? 'limbic-dev-password',
    database,
    maxPoolSize: 10,
    maxActive: 10,
    sharedActive: 10,
    maxWaiting: 100,
    maxWaitMs: 10_000,
    txTimeoutMs,
  });
  const queries = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
  const executor = new Neo4jExecutor(driver, queries, { database, txTimeoutMs });
  await new MigrationRunner(executor, join(findCypherDir(), 'schema')).run({ embeddingDimension: 384 });
  // As GraphModule at boot: the slot indexes of earlier schemas replaced by the current ones.
  await replaceLegacySlotIndexes(new ReembedRepository(executor, queries));
  return {
    executor,
    driver,
    async close() {
      await deleteTenants(tenantIds);
      await driver.close();
    },
  };
}
