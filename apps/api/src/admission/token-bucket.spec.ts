import { LocalTokenBuckets } from './local-token-buckets';
import { takeTokens } from './token-bucket';

const limit = { costPerSec: 100, burst: 1000 };

describe('token bucket', () => {
  it('starts full, spends the cost, and refuses what it does not hold, spending nothing', () => {
    const first = takeTokens(undefined, limit, 600, 0);
    expect(first).toEqual({ state: { tokens: 400, atMs: 0 }, decision: { allowed: true, retryAfterMs: 0 } });
    const refused = takeTokens(first.state, limit, 600, 0);
    // 200 missing at 100 a second: two seconds.
    expect(refused.decision).toEqual({ allowed: false, retryAfterMs: 2000 });
    expect(refused.state).toEqual(first.state);
  });

  it('refills at costPerSec up to the burst, never beyond', () => {
    const empty = takeTokens(undefined, limit, 1000, 0).state;
    expect(takeTokens(empty, limit, 50, 499).decision.allowed).toBe(false);
    expect(takeTokens(empty, limit, 50, 500).decision.allowed).toBe(true);
    expect(takeTokens(empty, limit, 1, 3_600_000).state.tokens).toBe(999);
  });

  it('says exactly when a refused cost will pass (rounded up to the millisecond)', () => {
    const empty = takeTokens(undefined, { costPerSec: 3, burst: 10 }, 10, 0).state;
    const refused = takeTokens(empty, { costPerSec: 3, burst: 10 }, 1, 0).decision;
    expect(refused).toEqual({ allowed: false, retryAfterMs: 334 });
    expect(takeTokens(empty, { costPerSec: 3, burst: 10 }, 1, refused.retryAfterMs).decision.allowed).toBe(true);
    expect(takeTokens(empty, { costPerSec: 3, burst: 10 }, 1, refused.retryAfterMs - 1).decision.allowed).toBe(false);
  });

  it('ignores a clock that steps back (no refill, no negative spend)', () => {
    const state = takeTokens(undefined, limit, 900, 10_000).state;
    expect(takeTokens(state, limit, 100, 5_000).state.tokens).toBe(0);
  });

  it('keeps one bucket per key on a fake clock (sustained rate: burst, then costPerSec)', () => {
    let now = 0;
    const buckets = new LocalTokenBuckets(() => now);
    let admitted = 0;
    for (; now < 10_000; now += 10) if (buckets.take('a', limit, 10).allowed) admitted++;
    // 1000 at once (100 takes), then 100 a second for 10 s (100 more; ± one at the edge).
    expect(admitted).toBeGreaterThanOrEqual(199);
    expect(admitted).toBeLessThanOrEqual(201);
    expect(buckets.take('b', limit, 1000).allowed).toBe(true);
  });
});
