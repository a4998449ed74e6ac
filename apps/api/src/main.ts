import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { enabledLogLevels, LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { loggerFor, exitIfShutdownHangs } from '@limbic/observability';
import { QueueDashboard } from './admin/queue-dashboard';
import { AppModule } from './app.module';

async function bootstrap(): Promise<void> {
  // Logs are buffered until the configured level is known (config is validated inside Nest).
  const app = await NestFactory.create(AppModule, { bufferLogs: true });
  const config = app.get<LimbicConfig>(LIMBIC_CONFIG);
  app.useLogger(loggerFor('api', config.ops.logFormat, enabledLogLevels(config.logLevel)));
  const log = new Logger('Limbic');
  app.enableShutdownHooks();
  exitIfShutdownHangs('api');
  if (config.singleTenant) {
    log.warn('no LIMBIC_API_KEYS configured: single-tenant mode, listening on loopback only, no authentication');
  }
  app.get(QueueDashboard).mount(app);
  await app.listen(config.api.port, config.api.host);
  log.log(`API on http://${config.api.host}:${config.api.port}/graphql (embedder ${config.embedder.kind})`);
}

bootstrap().catch((err: unknown) => {
  // Config and schema problems carry their own clear message; print it without a stack.
  const e = err as Error;
  console.error(`Limbic API failed to start: ${['ConfigError', 'SchemaMismatchError', 'QueryRegistryError'].includes(e.name) ? e.message : (e.stack ?? e.message)}`);
  process.exit(1);
});
