export * from './config.types';
export * from './config.error';
export * from './load-config';
export * from './config.module';
export * from './log-levels';
