/** The header the API reads consistency tokens from and answers new ones in. */
export const CONSISTENCY_HEADER = 'Limbic-Consistency';

/** As many as the API takes in one request. */
const MAX_TOKENS = 16;

/**
 * The consistency tokens this client carries: read-your-writes when consecutive calls reach
 * different API replicas. Every request sends what the jar holds; the answer's token stands for
 * those and for the request's own writes, so it replaces exactly the tokens that request sent.
 * Tokens that arrived meanwhile (concurrent writes) stay. Opaque: only the API reads them.
 */
export class ConsistencyJar {
  private tokens: string[];

  constructor(initial?: string) {
    this.tokens = splitTokens(initial);
  }

  /** The header value to send (the tokens as a comma-separated list), or undefined when empty. */
  get header(): string | undefined {
    return this.tokens.length > 0 ? this.tokens.join(', ') : undefined;
  }

  /** The tokens held now; pass to `received` with the answer of the request that sent them. */
  snapshot(): readonly string[] {
    return [...this.tokens];
  }

  received(sent: readonly string[], token: string | null | undefined): void {
    if (!token) return;
    const kept = this.tokens.filter((t) => !sent.includes(t) && t !== token);
    // Past the bound, the oldest go: a later read may then miss a write the dropped one named.
    this.tokens = [...kept, token].slice(-MAX_TOKENS);
  }

  /** Forgets every token (the API refused them: issued under another secret, say). */
  clear(): void {
    this.tokens = [];
  }
}

function splitTokens(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
    .slice(-MAX_TOKENS);
}
