/**
 * "Come back in this many milliseconds", carried by an error from where it is raised to the
 * client: formatError copies it to `extensions.retryAfterMs`, RetryAfterPlugin turns the
 * response's largest one into an HTTP `Retry-After` header. Any refusal that knows when it
 * will pass (rate limit, overload) uses this one path.
 */
export const RETRY_AFTER_EXTENSION = 'retryAfterMs';

export interface RetryAfter {
  readonly retryAfterMs: number;
}

/** Marks `error` as worth retrying after `ms` (whole milliseconds, at least 1). */
export function withRetryAfter<E extends Error>(error: E, ms: number): E & RetryAfter {
  return Object.assign(error, { retryAfterMs: Math.max(1, Math.ceil(ms)) });
}

/** The delay an error was marked with by `withRetryAfter`, if any. */
export function retryAfterMsOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !(RETRY_AFTER_EXTENSION in error)) return undefined;
  const ms = (error as Partial<RetryAfter>).retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/** `Retry-After` is whole seconds; rounding down would invite a retry that is refused again. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
