/**
 * Paces a tenant that is over its rate: once a request of the tenant was refused by its
 * bucket, it and the ones that arrive before the bucket refills wait in line, each given its
 * own slot (when the bucket holds that request's cost after the ones ahead took theirs), and
 * are judged at their slot. A tenant that sends more than its rate with many connections
 * therefore gets its rate, served in order, instead of a refusal per request.
 *
 * Why not refuse at once: a client that ignores Retry-After turns every refusal into another
 * request at once. With 32 such connections at the default limit, refusals answered at once
 * (or all released together when the wait ended) came back ≈ 550 times a second, each costing
 * about a millisecond of the API's event loop, which other tenants' requests share (the rest
 * of what slowed them was the flood's units in Neo4j: unit-gate.ts; bench/load README).
 *
 * A request whose slot would be more than `maxHoldMs` away is not given one: it is held
 * between one and two `maxHoldMs` at random, never as long as its slot is away (so that the
 * refusals of many connections that arrived together do not leave together: 88 at once kept
 * the event loop ≈ 90 ms), and then refused with the wait left, without being judged, so each
 * connection of a flooder costs at most one refusal per `maxHoldMs`. At most `maxHeld`
 * requests per tenant wait at once; any beyond are judged at once.
 */
export class RatePacer {
  /**
   * By tenant key: when the bucket, less the cost of every request given a slot, would have
   * been empty (ms; a request of cost c may be judged c's refill time after it). Only the
   * keys of tenants refused in the last moments are here.
   */
  private readonly emptyAt = new Map<string, number>();
  private readonly held = new Map<string, number>();

  constructor(
    private readonly nowMs: () => number,
    private readonly delay: (ms: number) => Promise<void>,
    readonly maxHoldMs: number,
    private readonly maxHeld: number,
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * Resolves when the request may be judged (`undefined`; at once when its tenant is not
   * over its rate), or with the retry-after of a refusal to answer without judging it.
   * `refillMs`: how long the tenant's bucket takes to refill this request's cost.
   */
  async waitTurn(key: string, refillMs: number): Promise<number | undefined> {
    const empty = this.emptyAt.get(key);
    if (empty === undefined) return undefined;
    const now = this.nowMs();
    const slot = empty + refillMs;
    if (slot <= now) {
      this.emptyAt.delete(key);
      return undefined;
    }
    const held = this.held.get(key) ?? 0;
    if (held >= this.maxHeld) return undefined;
    const full = slot - now > this.maxHoldMs;
    if (!full) this.emptyAt.set(key, slot);
    this.held.set(key, held + 1);
    try {
      // A refused request is never held past the turn it was refused for.
      await this.delay(full ? Math.min(this.maxHoldMs * (1 + this.random()), slot - now - 1) : slot - now);
    } finally {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    }
    if (!full) return undefined;
    return Math.max(1, Math.ceil((this.emptyAt.get(key) ?? 0) + refillMs - this.nowMs()));
  }

  /**
   * A request was refused `retryAfterMs` before its bucket holds its cost, which takes
   * `refillMs` to refill: so the bucket holds `refillMs - retryAfterMs` worth now.
   */
  refused(key: string, retryAfterMs: number, refillMs: number): void {
    this.emptyAt.set(key, Math.max(this.emptyAt.get(key) ?? -Infinity, this.nowMs() + retryAfterMs - refillMs));
  }
}
