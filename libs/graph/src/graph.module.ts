import { Global, Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Driver } from 'neo4j-driver';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { CONFIGURED_EMBEDDER, EMBEDDER, EMBEDDER_POOL, type Embedder, type EmbedderPool } from '@limbic/embeddings';
import { observeNeo4jRetry, observeNeo4jTransaction } from '@limbic/observability';
import { join } from 'node:path';
import { AgentVectorSearch } from './agent-vector-search';
import { ResidentVectors } from './resident-vectors/resident-vectors';
import { fallbackSpace } from './embedding-space/embedding-space';
import { EmbeddingSpaces, type SpaceRow } from './embedding-space/embedding-spaces';
import { SpaceEmbedder } from './embedding-space/space-embedder';
import { replaceLegacySlotIndexes } from './reembed/legacy-slot-index';
import { ReembedRepository } from './reembed/reembed.repository';
import { findCypherDir } from './cypher-dir';
import { MigrationRunner } from './migration-runner';
import { TenantBookmarks } from './consistency/tenant-bookmarks';
import { UnitGate } from './unit-gate';
import { Neo4jExecutor } from './neo4j-executor';
import { createDriver, NEO4J_DRIVER } from './neo4j-driver.provider';
import { QUERY_NAMES } from './query-names';
import { QueryRegistry } from './query-registry';
import { assertVectorDimension } from './schema-check';
import { AgentRepository, AppraisalRepository, ConsolidationRepository, HealthRepository, IndexMaintenanceRepository, MemoryRepository } from './repositories';
import { RecallRepository } from './repositories/recall.repository';
import { RecallEffectsRepository } from './repositories/recall-effects.repository';
import { StateHistoryRepository } from './repositories/state-history.repository';
import { FeedbackRepository } from './repositories/feedback.repository';
import { AgentDeletionRepository, AgentExportRepository, AgentImportRepository, MemoryForgetRepository } from './repositories/lifecycle';
import { RevisionRepository } from './repositories/revision.repository';
import { BrowseRepository } from './browse/browse.repository';

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
      useFactory: (dir: string) => QueryRegistry.loadAll(join(dir, 'queries'), QUERY_NAMES),
    },
    // A tenant never re-embedded is on the default slot with the configured embedder.
    { provide: EmbeddingSpaces, inject: [CONFIGURED_EMBEDDER], useFactory: (e: Embedder) => new EmbeddingSpaces(fallbackSpace(e)) },
    { provide: TenantBookmarks, useFactory: () => new TenantBookmarks() },
    { provide: EMBEDDER, inject: [EmbeddingSpaces, EMBEDDER_POOL], useFactory: (s: EmbeddingSpaces, pool: EmbedderPool) => new SpaceEmbedder(s, pool) },
    {
      provide: Neo4jExecutor,
      inject: [NEO4J_DRIVER, QueryRegistry, LIMBIC_CONFIG, EmbeddingSpaces, TenantBookmarks],
      useFactory: (driver: Driver, registry: QueryRegistry, c: LimbicConfig, spaces: EmbeddingSpaces, bookmarks: TenantBookmarks) => {
        const executor = new Neo4jExecutor(driver, registry, {
          database: c.neo4j.database,
          txTimeoutMs: c.neo4j.txTimeoutMs,
          logQueries: c.logLevel === 'debug' || c.logLevel === 'verbose',
          onUnit: observeNeo4jTransaction,
          onRetry: observeNeo4jRetry,
          gate: new UnitGate(c.neo4j.maxActive, c.neo4j.maxWaiting, c.neo4j.maxWaitMs, { sharedPermits: c.neo4j.sharedActive }),
          slotOf: (tenantId) => spaces.slotOf(tenantId),
          bookmarks,
        });
        spaces.attach(() => executor.read<SpaceRow>('embedding-space.all'));
        return executor;
      },
    },
    ReembedRepository,
    AgentRepository,
    StateHistoryRepository,
    MemoryRepository,
    AppraisalRepository,
    HealthRepository,
    ConsolidationRepository,
    RecallRepository,
    RecallEffectsRepository,
    FeedbackRepository,
    MemoryForgetRepository,
    AgentDeletionRepository,
    AgentExportRepository,
    AgentImportRepository,
    IndexMaintenanceRepository,
    RevisionRepository,
    BrowseRepository,
    ResidentVectors,
    AgentVectorSearch,
  ],
  exports: [EMBEDDER, EmbeddingSpaces, TenantBookmarks, ReembedRepository, NEO4J_DRIVER, Neo4jExecutor, QueryRegistry, CYPHER_DIR, ResidentVectors, AgentVectorSearch, AgentRepository, StateHistoryRepository, MemoryRepository, AppraisalRepository, HealthRepository, ConsolidationRepository, RecallRepository, RecallEffectsRepository, FeedbackRepository, MemoryForgetRepository, AgentDeletionRepository, AgentExportRepository, AgentImportRepository, IndexMaintenanceRepository, RevisionRepository, BrowseRepository],
})
export class GraphModule implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('Graph');

  constructor(
    @Inject(NEO4J_DRIVER) private readonly driver: Driver,
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    @Inject(CONFIGURED_EMBEDDER) private readonly embedder: Embedder,
    private readonly spaces: EmbeddingSpaces,
    @Inject(CYPHER_DIR) private readonly cypherDir: string,
    private readonly executor: Neo4jExecutor,
    private readonly reembeds: ReembedRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await waitForNeo4j(this.driver, this.config.neo4j.uri, this.log);
    if (this.config.runMigrations) {
      const applied = await new MigrationRunner(this.executor, join(this.cypherDir, 'schema')).run({
        embeddingDimension: this.embedder.dimension,
      });
      if (applied.length > 0) this.log.log(`schema migrations applied: ${applied.join(', ')}`);
      for (const { slot, dimension } of await replaceLegacySlotIndexes(this.reembeds)) {
        this.log.log(`vector index of slot ${slot} rebuilt (dimension ${dimension}); exact scans answer its tenants until it is ONLINE`);
      }
    }
    await assertVectorDimension(this.executor, this.embedder);
    await this.spaces.start();
    warnAboutMovedTenants(this.spaces, this.embedder, this.log);
  }

  async onApplicationShutdown(): Promise<void> {
    this.spaces.stop();
    await this.driver.close();
  }
}

/**
 * A tenant moved to another model keeps being served with its stored model whatever
 * LIMBIC_EMBEDDER_MODEL says: vectors of two models are never mixed. Said loudly, once.
 */
function warnAboutMovedTenants(spaces: EmbeddingSpaces, configured: Embedder, log: Logger): void {
  const others = [...spaces.snapshot().tenants()].filter(([, s]) => s.model !== configured.name);
  if (others.length === 0) return;
  const models = [...new Set(others.map(([, s]) => s.model))].join(', ');
  log.warn(
    `${'!'.repeat(12)} ${others.length} tenant(s) are stored on ${models}, not the configured ${configured.name}: they are served with their stored model. ` +
      `\`npm run reembed -- --model ${configured.name} --tenant <id>\` moves them to the configured model. ${'!'.repeat(12)}`,
  );
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
