import { NetworkError } from './errors';

export interface RetryPolicy {
  /** Attempts in all, the first included; 1 turns retrying off. Default 3. */
  readonly attempts: number;
  /** Backoff before the n-th retry: baseDelayMs · 2^(n−1), with jitter. Default 200 ms. */
  readonly baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 200 };

/**
 * Retries only what cannot do harm twice: a request that never left (the connection did not
 * open) whatever it is, and one that may have arrived only when the operation is idempotent. A
 * response from the server, error or not, is never retried here: the server already decided.
 */
export function shouldRetry(err: unknown, idempotent: boolean): boolean {
  return err instanceof NetworkError && (!err.sent || idempotent);
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export async function withRetry<T>(policy: RetryPolicy, idempotent: boolean, attempt: () => Promise<T>, sleep: Sleep = abortableSleep, signal?: AbortSignal): Promise<T> {
  const attempts = Math.max(1, Math.floor(policy.attempts));
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      // The caller's cancel wins over whatever the attempt ran into.
      if (signal?.aborted) throw signal.reason;
      if (n >= attempts || !shouldRetry(err, idempotent)) throw err;
      await sleep(policy.baseDelayMs * 2 ** (n - 1) * (0.5 + Math.random() / 2), signal);
    }
  }
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it is aborted. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
