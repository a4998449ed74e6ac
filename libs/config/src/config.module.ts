import { Global, Logger, Module } from '@nestjs/common';
import { loadConfig } from './load-config';

/** Injection token for the validated `LimbicConfig`. */
export const LIMBIC_CONFIG = Symbol('LIMBIC_CONFIG');

/**
 * The one place that reads `process.env`. Validation happens when the module is built, so a
 * bad value stops boot before any connection is opened; a deprecated name is logged.
 */
@Global()
@Module({
  providers: [{ provide: LIMBIC_CONFIG, useFactory: () => loadConfig(process.env, (message) => new Logger('Config').warn(message)) }],
  exports: [LIMBIC_CONFIG],
})
export class ConfigModule {}
