import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { enabledLogLevels, LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { loggerFor, exitIfShutdownHangs } from '@limbic/observability';
import { WorkerModule } from './worker.module';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true, autoFlushLogs: false, abortOnError: false });
  const config = app.get<LimbicConfig>(LIMBIC_CONFIG);
  app.useLogger(loggerFor('worker', config.ops.logFormat, enabledLogLevels(config.logLevel)));
  app.flushLogs(); // the start-up lines buffered until the configured logger existed
  // SIGTERM/SIGINT close the BullMQ workers, which lets in-flight jobs finish first.
  app.enableShutdownHooks();
  exitIfShutdownHangs('worker');
  await app.init();
  new Logger('Limbic').log('worker started');
}

// abortOnError false: Nest would otherwise exit inside create() after printing its own stack
// trace, and a config or schema message would drown in it.
bootstrap().catch((err: unknown) => {
  const e = err as Error;
  if (['ConfigError', 'SchemaMismatchError', 'QueryRegistryError'].includes(e.name)) {
    // These carry their own clear message (naming the variable or the index): print only that.
    console.error(`Limbic worker failed to start: ${e.message}`);
  } else {
    Logger.flush(); // what was logged before the failure, buffered until the logger was configured
    console.error(`Limbic worker failed to start: ${e.stack ?? e.message}`);
  }
  process.exit(1);
});
