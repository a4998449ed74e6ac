import { Logger } from '@nestjs/common';
import type { RateLimit, RateLimitSettings } from '@limbic/config';
import { rateLimiterDegraded } from '@limbic/observability';
import type { BucketDecision } from './token-bucket';
import type { LocalTokenBuckets } from './local-token-buckets';
import type { RatePacer } from './rate-pacer';

export interface SharedDecision extends BucketDecision {
  readonly tokensLeft: number;
}

/** The shared buckets (Redis); any failure or timeout is a rejection. */
export interface SharedTokenBuckets {
  take(key: string, limit: RateLimit, cost: number): Promise<SharedDecision>;
}

const ADMIT: BucketDecision = { allowed: true, retryAfterMs: 0 };
/** chosen: after Redis failed, requests skip it for this long, so an outage costs one bounded wait a second, not one per request. */
const REDIS_PAUSE_MS = 1000;

/**
 * Charges each tenant's operations, by cost, to its token bucket: in Redis, shared by every
 * API process; while Redis does not answer, in this process (same settings) — a request
 * never waits for Redis beyond the connection's command timeout, and recall and encode keep
 * working without it. The switch is logged once each way. Each shared answer is mirrored into
 * the local bucket, so a switch does not hand every tenant a fresh burst. A tenant over its
 * rate is paced (RatePacer): its requests wait their turn, up to a second, before a refusal.
 */
export class TenantRateLimiter {
  private readonly log = new Logger('RateLimiter');
  private degraded = false;
  private sharedPausedUntil = 0;

  constructor(
    private readonly settings: RateLimitSettings,
    /** Keys are `<prefix>:rate-limit:<tenant>`: stacks with different prefixes never share a bucket. */
    private readonly keyPrefix: string,
    private readonly shared: SharedTokenBuckets,
    private readonly local: LocalTokenBuckets,
    private readonly pacer: RatePacer,
    private readonly nowMs: () => number,
  ) {}

  limitOf(tenant: string): RateLimit {
    return this.settings.tenants.get(tenant) ?? this.settings.default;
  }

  async take(tenant: string, cost: number): Promise<BucketDecision> {
    const limit = this.limitOf(tenant);
    if (limit.costPerSec === 0) return ADMIT;
    const key = `${this.keyPrefix}:rate-limit:${tenant}`;
    const refillMs = (cost * 1000) / limit.costPerSec;
    // Judged at most twice: a request refused with a wait the pacer can hold is held for its
    // turn and judged again, not refused (a refusal only when its turn is a second away).
    for (let judged = 1; ; judged++) {
      const early = await this.pacer.waitTurn(key, refillMs);
      if (early !== undefined) return { allowed: false, retryAfterMs: early };
      const decision = await this.decide(key, limit, cost);
      if (decision.allowed) return decision;
      this.pacer.refused(key, decision.retryAfterMs, refillMs);
      if (judged === 2 || decision.retryAfterMs > this.pacer.maxHoldMs) return decision;
    }
  }

  private async decide(key: string, limit: RateLimit, cost: number): Promise<BucketDecision> {
    if (this.nowMs() >= this.sharedPausedUntil) {
      try {
        const { tokensLeft, ...decision } = await this.shared.take(key, limit, cost);
        this.local.mirror(key, tokensLeft);
        if (this.degraded) {
          this.degraded = false;
          rateLimiterDegraded.set(0);
          this.log.log('Redis answers again: tenant rate limits are shared by every API process again');
        }
        return decision;
      } catch (err) {
        this.sharedPausedUntil = this.nowMs() + REDIS_PAUSE_MS;
        if (!this.degraded) {
          this.degraded = true;
          rateLimiterDegraded.set(1);
          this.log.warn(`Redis does not answer (${(err as Error).message}): rate-limiting tenants in this process until it does`);
        }
      }
    }
    return this.local.take(key, limit, cost);
  }
}
