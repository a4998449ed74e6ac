/**
 * Holds a tenant's requests that arrive while it has been told to wait (a refusal's
 * retry-after has not passed), up to `maxHoldMs`, before they are judged. A client that
 * honours Retry-After never waits here. One that floods gets its answers no faster than its
 * bucket refills, so its refusals cannot crowd the event loop that other tenants' requests
 * share: with 16 connections and no pause, refusals answered at once kept the API busy and
 * moved another tenant's recall p99 by 4–10× (test/admission.e2e-spec.ts); each refusal costs
 * about as much CPU as a request refused for a bad key. At most `maxHeld` requests per tenant
 * wait; any beyond are judged at once.
 */
export class PenaltyBox {
  private readonly until = new Map<string, number>();
  private readonly held = new Map<string, number>();

  constructor(
    private readonly nowMs: () => number,
    private readonly delay: (ms: number) => Promise<void>,
    private readonly maxHoldMs: number,
    private readonly maxHeld: number,
  ) {}

  /** Resolves once the tenant's wait is over (or at once when it has none or too many wait). */
  async waitOut(key: string): Promise<void> {
    const until = this.until.get(key);
    if (until === undefined) return;
    const ms = Math.min(until - this.nowMs(), this.maxHoldMs);
    if (ms <= 0) {
      this.until.delete(key);
      return;
    }
    const held = this.held.get(key) ?? 0;
    if (held >= this.maxHeld) return;
    this.held.set(key, held + 1);
    try {
      await this.delay(ms);
    } finally {
      this.held.set(key, (this.held.get(key) ?? 1) - 1);
    }
  }

  refused(key: string, retryAfterMs: number): void {
    this.until.set(key, Math.max(this.until.get(key) ?? 0, this.nowMs() + retryAfterMs));
  }
}
