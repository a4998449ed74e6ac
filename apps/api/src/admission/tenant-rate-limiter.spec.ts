import { Logger } from '@nestjs/common';
import type { RateLimitSettings } from '@limbic/config';
import { LocalTokenBuckets } from './local-token-buckets';
import { RatePacer } from './rate-pacer';
import { TenantRateLimiter, type SharedTokenBuckets } from './tenant-rate-limiter';
import type { SharedDecision } from './tenant-rate-limiter';

const settings: RateLimitSettings = {
  default: { costPerSec: 100, burst: 1000 },
  tenants: new Map([
    ['vip', { costPerSec: 10_000, burst: 50_000 }],
    ['internal', { costPerSec: 0, burst: 1000 }],
  ]),
};

class FakeShared implements SharedTokenBuckets {
  down = false;
  calls: { key: string; cost: number }[] = [];
  tokens = 1000;
  retryAfterMs = 42;
  /** Takes to refuse whatever the count holds. */
  refusals = 0;
  take(key: string, _limit: unknown, cost: number): Promise<SharedDecision> {
    this.calls.push({ key, cost });
    if (this.down) return Promise.reject(new Error('Command timed out'));
    if (this.refusals > 0) {
      this.refusals--;
      return Promise.resolve({ allowed: false, retryAfterMs: this.retryAfterMs, tokensLeft: this.tokens });
    }
    if (cost > this.tokens) return Promise.resolve({ allowed: false, retryAfterMs: this.retryAfterMs, tokensLeft: this.tokens });
    this.tokens -= cost;
    return Promise.resolve({ allowed: true, retryAfterMs: 0, tokensLeft: this.tokens });
  }
}

function limiter() {
  let now = 0;
  const shared = new FakeShared();
  const waits: number[] = [];
  // The fake delay moves the fake clock: a held request comes back when its wait is over.
  const pacer = new RatePacer(() => now, (ms) => (waits.push(ms), (now += ms), Promise.resolve()), 1000, 64, () => 0);
  const l = new TenantRateLimiter(settings, 'q_test', shared, new LocalTokenBuckets(() => now), pacer, () => now);
  return { l, shared, waits, advance: (ms: number) => (now += ms) };
}

describe('TenantRateLimiter', () => {
  it('asks the shared buckets, keyed by prefix and tenant', async () => {
    const { l, shared } = limiter();
    expect(await l.take('acme', 1500)).toEqual({ allowed: false, retryAfterMs: 42 });
    // Refused, held for its turn (42 ms) and asked again.
    expect(shared.calls).toEqual([
      { key: 'q_test:rate-limit:acme', cost: 1500 },
      { key: 'q_test:rate-limit:acme', cost: 1500 },
    ]);
  });

  it('uses per-tenant limits; costPerSec 0 admits without asking anyone', async () => {
    const { l, shared } = limiter();
    expect(l.limitOf('vip')).toEqual({ costPerSec: 10_000, burst: 50_000 });
    expect(l.limitOf('acme')).toEqual(settings.default);
    expect(await l.take('internal', 1_000_000)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(shared.calls).toHaveLength(0);
  });

  it('holds a refused request for its turn when that is within a second and judges it again', async () => {
    const { l, shared, waits } = limiter();
    shared.tokens = 10;
    // Refused (42 ms short), held 42 ms, refused again: a request is judged at most twice.
    expect(await l.take('acme', 30)).toEqual({ allowed: false, retryAfterMs: 42 });
    expect(waits).toEqual([42]);
    shared.tokens = 60; // the fake shares one count between tenants
    // The next one waits for 30 at 100 a second after the turn the last one took.
    expect(await l.take('acme', 30)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(waits).toEqual([42, 300]);
    // Another tenant is never held for it.
    expect((await l.take('globex', 30)).allowed).toBe(true);
    expect(waits).toEqual([42, 300]);
  });

  it('refuses at once when the wait is beyond what the pacer holds', async () => {
    const { l, shared, waits } = limiter();
    shared.tokens = 0;
    shared.retryAfterMs = 5000;
    expect(await l.take('acme', 30)).toEqual({ allowed: false, retryAfterMs: 5000 });
    expect(waits).toEqual([]);
  });

  it('paces the requests of a tenant over its rate by their cost at its rate; one beyond a second in line is refused unjudged', async () => {
    const { l, shared, waits } = limiter();
    shared.tokens = 10_000;
    shared.refusals = 1;
    // The first refusal (42 ms short) waits its turn; by then the bucket holds its cost.
    expect((await l.take('acme', 500)).allowed).toBe(true);
    expect(waits).toEqual([42]);
    const calls = shared.calls.length;
    // The next turn is 500 / 100 per second = 5 s away: held a second, then refused with the
    // 4 s left, the bucket not asked.
    expect(await l.take('acme', 500)).toEqual({ allowed: false, retryAfterMs: 4000 });
    expect(waits).toEqual([42, 1000]);
    expect(shared.calls).toHaveLength(calls);
  });

  it('falls back to in-process buckets with the same settings while Redis fails, skipping it for a second', async () => {
    const { l, shared, advance } = limiter();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    // Redis said 300 are left: the local bucket carries on from there, not from a full bucket.
    expect((await l.take('acme', 700)).allowed).toBe(true);
    shared.down = true;
    expect((await l.take('acme', 200)).allowed).toBe(true);
    expect(await l.take('acme', 600)).toEqual({ allowed: false, retryAfterMs: 5000 });
    expect(shared.calls).toHaveLength(2);
    advance(1000);
    expect((await l.take('acme', 1)).allowed).toBe(true);
    expect(shared.calls).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(1);
    advance(1000);
    shared.down = false;
    expect((await l.take('acme', 300)).allowed).toBe(true);
    expect(shared.calls).toHaveLength(4);
    jest.restoreAllMocks();
  });
});
