/**
 * Fails the attempt when `work` takes longer than `ms` (BullMQ retries it with backoff).
 * The work itself is not cancelled; handlers are idempotent and Neo4j has its own
 * transaction timeout, so a late finish is harmless.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
