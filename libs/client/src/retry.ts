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

export async function withRetry<T>(policy: RetryPolicy, idempotent: boolean, attempt: () => Promise<T>, sleep = defaultSleep): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= policy.attempts || !shouldRetry(err, idempotent)) throw err;
      await sleep(policy.baseDelayMs * 2 ** (n - 1) * (0.5 + Math.random() / 2));
    }
  }
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
