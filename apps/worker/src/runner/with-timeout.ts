/** Why an attempt was cut short; the handler's AbortSignal carries it as its reason. */
export class JobTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobTimeoutError';
  }
}

/**
 * Fails the attempt when `work` takes longer than `ms` (BullMQ then retries it with backoff)
 * and aborts the signal `work` was given. JavaScript cannot stop a running promise, so the
 * work stops itself: handlers check the signal before each transaction and before commit,
 * so a timed-out attempt writes nothing further. A finish that is late anyway cannot apply
 * twice: every handler's write is conditional on the state it reloads (`pendingAppraisal`,
 * the review number, the recall id), so the retry and the straggler take effect once.
 * The attempt's slot is freed at the timeout, not when a straggler ends: waiting for work
 * that ignores its signal would turn the timeout back into a hang.
 */
export function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number, message: string): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new JobTimeoutError(message);
      controller.abort(err);
      reject(err);
    }, ms);
  });
  // Started inside a promise chain so that a synchronous throw becomes a rejection too.
  const running = Promise.resolve().then(() => work(controller.signal));
  return Promise.race([running, timeout]).finally(() => clearTimeout(timer));
}
