import { AsyncLocalStorage } from 'node:async_hooks';

/** Correlation ids carried through async calls, so every log line can name its request or job. */
export interface LogContext {
  readonly requestId?: string;
  readonly jobId?: string;
  readonly queue?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, work);
}

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's `x-request-id` is echoed only when it is a plain token (log-injection safe). */
export function acceptRequestId(header: unknown): string | null {
  return typeof header === 'string' && SAFE_ID.test(header) ? header : null;
}
