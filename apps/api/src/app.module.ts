import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { ConfigModule, LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EmbeddingsModule } from '@limbic/embeddings';
import { CYPHER_DIR, GraphModule } from '@limbic/graph';
import { JobsModule } from '@limbic/jobs';
import { AgentResolver } from './agents/agent.resolver';
import { AgentService } from './agents/agent.service';
import { TenantGuard } from './auth/tenant.guard';
import { formatError } from './common/format-error';
import { makeDateTimeStrict } from './common/strict-date-time';
import { HealthController } from './health/health.controller';
import { Neo4jGuideController } from './neo4j-guide/neo4j-guide.controller';
import { Neo4jGuideService } from './neo4j-guide/neo4j-guide.service';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { McpModule } from './mcp/mcp.module';
import { EncodeService } from './memories/encode.service';
import { MemoryResolver } from './memories/memory.resolver';
import { MemoryService } from './memories/memory.service';
import { MemoryUpdateService } from './memories/memory-update.service';
import { RecallResolver } from './recall/recall.resolver';
import { RecallService } from './recall/recall.service';
import { RecallWarmupService } from './recall/services/recall-warmup.service';
import { RecallEffectsDispatcher } from './recall/services/recall-effects-dispatcher.service';
import { SeedPoolService } from './recall/services/seed-pool.service';
import { SpreadGraphModule } from './recall/spread-graph.module';
import { FeedbackResolver } from './feedback/feedback.resolver';
import { FeedbackService } from './feedback/feedback.service';
import { selectionLimit } from './common/selection-limit';
import { AdminModule } from './admin/admin.module';
import { AdmissionModule } from './admission/admission.module';
import { RetryAfterPlugin } from './common/retry-after.plugin';
import { MetricsModule } from './metrics/metrics.module';
import { ReembedResolver } from './reembed/reembed.resolver';
import { AgentListResolver } from './browse/agent-list.resolver';
import { BrowseService } from './browse/browse.service';
import { MemoryGraphResolver } from './browse/memory-graph.resolver';
import { MemoryListResolver } from './browse/memory-list.resolver';
import { NeighborhoodResolver } from './browse/neighborhood.resolver';

// Every `Date` field's DateTime scalar parses strictly (RFC 3339, no rollover), before the schema is built.
makeDateTimeStrict();
@Module({
  imports: [
    ConfigModule,
    EmbeddingsModule,
    GraphModule,
    JobsModule,
    LifecycleModule,
    SpreadGraphModule,
    McpModule,
    MetricsModule,
    AdminModule,
    AdmissionModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      inject: [LIMBIC_CONFIG, CYPHER_DIR],
      useFactory: (config: LimbicConfig, cypherDir: string) => ({
        // The committed schema file is the contract; it is regenerated on every non-production boot.
        autoSchemaFile: config.env === 'production' ? true : join(cypherDir, '..', 'apps', 'api', 'schema.gql'),
        sortSchema: true,
        path: '/graphql',
        context: ({ req }: { req: unknown }) => ({ req }),
        formatError,
        introspection: config.introspection,
        // No Apollo landing page (its Playground loads from a CDN): a browser's GET of /graphql
        // gets the bundled GraphiQL first (web/graphql-ide), so Apollo sees only operations.
        playground: false,
        // Depth and field count: cheap, and checked once per document (Apollo caches validated
        // documents). The cost budget needs the request's variables: AdmissionPlugin.
        validationRules: [selectionLimit(10, config.limits.maxQueryComplexity)],
      }),
    }),
  ],
  controllers: [HealthController, Neo4jGuideController],
  providers: [
    { provide: APP_GUARD, useClass: TenantGuard },
    Neo4jGuideService,
    // Retry-After for any error carrying retryAfterMs (rate limit today, overload next).
    RetryAfterPlugin,
    AgentService,
    AgentResolver,
    EncodeService,
    MemoryService,
    MemoryUpdateService,
    MemoryResolver,
    SeedPoolService,
    RecallEffectsDispatcher,
    FeedbackService,
    FeedbackResolver,
    RecallService,
    RecallResolver,
    RecallWarmupService,
    ReembedResolver,
    BrowseService,
    MemoryListResolver,
    AgentListResolver,
    MemoryGraphResolver,
    NeighborhoodResolver,
  ],
})
export class AppModule {}
