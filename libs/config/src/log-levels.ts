import type { LogLevel } from './config.types';

const ORDER: readonly LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

/** Nest wants the list of enabled levels; we configure the most verbose one. */
export function enabledLogLevels(level: LogLevel): LogLevel[] {
  return ORDER.slice(0, ORDER.indexOf(level) + 1);
}
