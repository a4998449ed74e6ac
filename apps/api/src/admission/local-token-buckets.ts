import type { RateLimit } from '@limbic/config';
import { takeTokens, type BucketDecision, type BucketState } from './token-bucket';

/**
 * Token buckets in this process's memory: the rate limiter's fallback while Redis does not
 * answer (each API process then limits on its own, so N processes admit up to N times the
 * rate). One entry per key; keys are per tenant, and tenants come from the configuration.
 */
export class LocalTokenBuckets {
  private readonly buckets = new Map<string, BucketState>();

  constructor(private readonly nowMs: () => number) {}

  /** What the shared bucket holds now: a switch to this process's buckets carries on from there. */
  mirror(key: string, tokens: number): void {
    this.buckets.set(key, { tokens, atMs: this.nowMs() });
  }

  take(key: string, limit: RateLimit, cost: number): BucketDecision {
    const { state, decision } = takeTokens(this.buckets.get(key), limit, cost, this.nowMs());
    this.buckets.set(key, state);
    return decision;
  }
}
