import { LOG_LEVELS, type LogLevel } from './config.constants';

/** Nest wants the list of enabled levels; we configure the most verbose one. */
export function enabledLogLevels(level: LogLevel): LogLevel[] {
  return LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(level) + 1);
}
