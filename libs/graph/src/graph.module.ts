import { Global, Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Driver } from 'neo4j-driver';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EMBEDDER, type Embedder } from '@limbic/embeddings';
import { observeNeo4jRetry, observeNeo4jTransaction } from '@limbic/observability';
import { join } from 'node:path';
import { AgentVectorSearch } from './agent-vector-search';
import { findCypherDir } from './cypher-dir';
import { MigrationRunner } from './migration-runner';
import { UnitGate } from './unit-gate';
import { Neo4jExecutor } from './neo4j-executor';
import { createDriver, NEO4J_DRIVER } from './neo4j-driver.provider';
import { QUERY_NAMES } from './query-names';
import { QueryRegistry } from './query-registry';
import { assertVectorDimension } from './schema-check';
import { AgentRepository, AppraisalRepository, ConsolidationRepository, HealthRepository, IndexMaintenanceRepository, MemoryRepository } from './repositories';
import { RecallRepository } from './repositories/recall.repository';
import { RecallEffectsRepository } from './repositories/recall-effects.repository';
import { FeedbackRepository } from './repositories/feedback.repository';
import { LifecycleRepository } from './repositories/lifecycle.repository';

export const CYPHER_DIR = Symbol('CYPHER_DIR');

/**
 * Driver, executor and query registry. On init it verifies connectivity, applies pending
 * migrations and checks the vector index against the embedder, so a process that starts is
 * a process that can serve.
 */
@Global()
@Module({
  providers: [
    { provide: CYPHER_DIR, useFactory: () => findCypherDir() },
    { provide: NEO4J_DRIVER, inject: [LIMBIC_CONFIG], useFactory: (c: LimbicConfig) => createDriver(c.neo4j) },
    {
      provide: QueryRegistry,
      inject: [CYPHER_DIR],
      useFactory: (dir: string) => {
        const queriesDir = join(dir, 'queries');
        const unused = QueryRegistry.unused(queriesDir, QUERY_NAMES);
        if (unused.length > 0) new Logger('QueryRegistry').warn(`unused query files: ${unused.join(', ')}`);
        return QueryRegistry.load(queriesDir, QUERY_NAMES);
      },
    },
    {
      provide: Neo4jExecutor,
      inject: [NEO4J_DRIVER, QueryRegistry, LIMBIC_CONFIG],
      useFactory: (driver: Driver, registry: QueryRegistry, c: LimbicConfig) =>
        new Neo4jExecutor(driver, registry, {
          database: c.neo4j.database,
          txTimeoutMs: c.neo4j.txTimeoutMs,
          logQueries: c.logLevel === 'debug' || c.logLevel === 'verbose',
          onUnit: observeNeo4jTransaction,
          onRetry: observeNeo4jRetry,
          gate: new UnitGate(c.neo4j.maxActive, c.neo4j.maxWaiting, c.neo4j.maxWaitMs),
        }),
    },
    AgentRepository,
    MemoryRepository,
    AppraisalRepository,
    HealthRepository,
    ConsolidationRepository,
    RecallRepository,
    RecallEffectsRepository,
    FeedbackRepository,
    LifecycleRepository,
    IndexMaintenanceRepository,
    AgentVectorSearch,
  ],
  exports: [NEO4J_DRIVER, Neo4jExecutor, QueryRegistry, CYPHER_DIR, AgentVectorSearch, AgentRepository, MemoryRepository, AppraisalRepository, HealthRepository, ConsolidationRepository, RecallRepository, RecallEffectsRepository, FeedbackRepository, LifecycleRepository, IndexMaintenanceRepository],
})
export class GraphModule implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('Graph');

  constructor(
    @Inject(NEO4J_DRIVER) private readonly driver: Driver,
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(CYPHER_DIR) private readonly cypherDir: string,
    private readonly executor: Neo4jExecutor,
  ) {}

  async onModuleInit(): Promise<void> {
    await waitForNeo4j(this.driver, this.config.neo4j.uri, this.log);
    if (this.config.runMigrations) {
      const applied = await new MigrationRunner(this.executor, join(this.cypherDir, 'schema')).run({
        embeddingDimension: this.embedder.dimension,
      });
      if (applied.length > 0) this.log.log(`schema migrations applied: ${applied.join(', ')}`);
    }
    await assertVectorDimension(this.executor, this.embedder);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.driver.close();
  }
}

/** A service that boots beside its database may start first: wait a bounded time. */
async function waitForNeo4j(driver: Driver, uri: string, log: Logger): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let attempt = 0; ; attempt++) {
    try {
      await driver.getServerInfo();
      return;
    } catch (err) {
      // Wrong credentials will not fix themselves: fail at once with the driver's message.
      if (String((err as { code?: unknown }).code ?? '').startsWith('Neo.ClientError.Security')) {
        throw new Error(`Neo4j at ${uri} refused the credentials (NEO4J_USER/NEO4J_PASSWORD): ${(err as Error).message}`);
      }
      if (Date.now() > deadline) throw new Error(`Neo4j at ${uri} is not reachable: ${(err as Error).message}`);
      if (attempt === 0) log.warn(`waiting for Neo4j at ${uri} …`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
