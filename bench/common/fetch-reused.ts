/**
 * `fetch`, sent once more when it failed with ECONNRESET before any answer: a kept-alive
 * connection the server closed (Node's 5 s keep-alive timeout) just as the client reused it,
 * which the benchmarks' pauses between sizes (settling, JIT warm-up) make likely. The request
 * never reached the server, so sending it again is safe even for a write.
 */
export async function fetchReused(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (!isConnectionReset(err)) throw err;
    return fetch(url, init);
  }
}

function isConnectionReset(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  return cause?.code === 'ECONNRESET';
}
