import type { RateLimit } from '@limbic/config';

/** A bucket's state: tokens held at a moment (ms). */
export interface BucketState {
  readonly tokens: number;
  readonly atMs: number;
}

export interface BucketDecision {
  readonly allowed: boolean;
  /** When refused: how long until the bucket holds the cost (0 when allowed). */
  readonly retryAfterMs: number;
}

/**
 * One take from a token bucket: refill for the time since the last take (up to `burst`),
 * then spend `cost` if the bucket holds it. A refused take spends nothing. The Lua script in
 * redis-token-buckets.ts is this function, run inside Redis: change both together.
 */
export function takeTokens(state: BucketState | undefined, limit: RateLimit, cost: number, nowMs: number): { state: BucketState; decision: BucketDecision } {
  const held = state ? Math.min(limit.burst, state.tokens + (Math.max(0, nowMs - state.atMs) * limit.costPerSec) / 1000) : limit.burst;
  if (held < cost) {
    return { state: state ?? { tokens: held, atMs: nowMs }, decision: { allowed: false, retryAfterMs: Math.ceil(((cost - held) * 1000) / limit.costPerSec) } };
  }
  return { state: { tokens: held - cost, atMs: nowMs }, decision: { allowed: true, retryAfterMs: 0 } };
}
