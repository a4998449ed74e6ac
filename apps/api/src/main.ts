import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { enabledLogLevels, LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { loggerFor, exitIfShutdownHangs } from '@limbic/observability';
import { QueueDashboard } from './admin/queue-dashboard';
import { AppModule } from './app.module';
import { jsonBody } from './common/json-body';
import { loopbackOnly } from './auth/loopback-only.middleware';
import { requireKey } from './auth/require-key.middleware';
import { pinSpace } from './auth/pin-space.middleware';
import { carryConsistency } from './consistency/carry-consistency.middleware';
import { ConsistencyTokens } from './consistency/consistency-token';
import { EmbeddingSpaces } from '@limbic/graph';
import { mountGraphqlIde } from './web/graphql-ide';
import { mountWebPage } from './web/web-pages';

async function bootstrap(): Promise<void> {
  // Logs are buffered until the configured level is known (config is validated inside Nest).
  // bodyParser false: the API's own JSON parser (common/json-body) takes its place, below.
  const app = await NestFactory.create(AppModule, { bufferLogs: true, autoFlushLogs: false, abortOnError: false, bodyParser: false });
  const config = app.get<LimbicConfig>(LIMBIC_CONFIG);
  app.useLogger(loggerFor('api', config.ops.logFormat, enabledLogLevels(config.logLevel)));
  app.flushLogs(); // the start-up lines buffered until the configured logger existed
  const log = new Logger('Limbic');
  app.enableShutdownHooks();
  exitIfShutdownHangs('api');
  if (config.singleTenant) {
    log.warn('no LIMBIC_API_KEYS configured: single-tenant mode, listening on loopback only, no authentication');
  }
  app.use(loopbackOnly(config));
  const body = jsonBody(config.limits.maxRequestBytes);
  // Before the key check: a browser's GET of /graphql gets the IDE, which holds no data.
  mountGraphqlIde(app, config);
  // /mcp runs the same GraphQL operations in process (apps/api/src/mcp): the same key check
  // before its body is read, the same pinned embedding space.
  for (const path of ['/graphql', '/mcp']) {
    app.use(path, requireKey(config));
    app.use(path, pinSpace(config, app.get(EmbeddingSpaces)));
  }
  // Read-your-writes across replicas (apps/api/src/consistency). Not /mcp: an MCP session lives
  // in one process, whose own bookmarks (TenantBookmarks) already order its calls.
  const tokens = new ConsistencyTokens(config.api.consistencySecret);
  app.use('/graphql', carryConsistency(config, tokens, 'graphql'));
  app.use('/agents', carryConsistency(config, tokens, 'rest'));
  app.use(body.parse, body.refuse);
  app.get(QueueDashboard).mount(app);
  // The agent page (apps/web/ui): static files, no key; every GraphQL call it makes carries one.
  mountWebPage(app, { path: '/ui', page: 'ui' });
  await app.listen(config.api.port, config.api.host);
  log.log(`API on http://${config.api.host}:${config.api.port}/graphql (embedder ${config.embedder.kind})`);
}

// abortOnError false: Nest would otherwise exit inside create() after printing its own stack
// trace, and a config or schema message would drown in it.
bootstrap().catch((err: unknown) => {
  const e = err as Error;
  if (['ConfigError', 'SchemaMismatchError', 'QueryRegistryError'].includes(e.name)) {
    // These carry their own clear message (naming the variable or the index): print only that.
    console.error(`Limbic API failed to start: ${e.message}`);
  } else {
    Logger.flush(); // what was logged before the failure, buffered until the logger was configured
    console.error(`Limbic API failed to start: ${e.stack ?? e.message}`);
  }
  process.exit(1);
});
