import type { LoggerService, LogLevel } from '@nestjs/common';
import { currentLogContext } from './log-context';

type Level = LogLevel;

/**
 * One JSON object per line: time, level, service, context, msg and the request or job id of
 * the async call that logged it. Errors and fatals go to stderr, the rest to stdout.
 */
export class JsonLogger implements LoggerService {
  private enabled: ReadonlySet<Level>;

  constructor(
    private readonly service: string,
    levels: readonly Level[],
    private readonly write: (line: string, level: Level) => void = defaultWrite,
  ) {
    this.enabled = new Set(levels);
  }

  log(message: unknown, ...params: unknown[]): void {
    this.emit('log', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.emit('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.emit('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.emit('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.emit('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.emit('fatal', message, params);
  }

  setLogLevels(levels: Level[]): void {
    this.enabled = new Set(levels);
  }

  private emit(level: Level, message: unknown, params: unknown[]): void {
    if (level !== 'fatal' && !this.enabled.has(level)) return;
    // Nest passes the context as the last string argument; `error` may pass a stack before it.
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const line: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      service: this.service,
      ...(context ? { context } : {}),
      ...currentLogContext(),
    };
    if (message instanceof Error) {
      line.msg = message.message;
      line.stack = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(line, message);
    } else {
      line.msg = String(message);
    }
    const stack = rest.find((p): p is string => typeof p === 'string' && p.includes('\n    at '));
    if (stack) line.stack = stack;
    this.write(JSON.stringify(line), level);
  }
}

function defaultWrite(line: string, level: Level): void {
  (level === 'error' || level === 'fatal' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** What `app.useLogger` gets: the JSON logger, or Nest's console logger at these levels. */
export function loggerFor(service: string, format: 'json' | 'text', levels: Level[]): LoggerService | Level[] {
  return format === 'json' ? new JsonLogger(service, levels) : levels;
}
