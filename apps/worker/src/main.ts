import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { enabledLogLevels, LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { loggerFor, exitIfShutdownHangs } from '@limbic/observability';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  const config = app.get<LimbicConfig>(LIMBIC_CONFIG);
  app.useLogger(loggerFor('worker', config.ops.logFormat, enabledLogLevels(config.logLevel)));
  // SIGTERM/SIGINT close the BullMQ workers, which lets in-flight jobs finish first.
  app.enableShutdownHooks();
  exitIfShutdownHangs('worker');
  await app.init();
  new Logger('Limbic').log('worker started');
}

bootstrap().catch((err: unknown) => {
  const e = err as Error;
  console.error(`Limbic worker failed to start: ${['ConfigError', 'SchemaMismatchError', 'QueryRegistryError'].includes(e.name) ? e.message : (e.stack ?? e.message)}`);
  process.exit(1);
});
