import { createHmac, timingSafeEqual } from 'node:crypto';
import { badInput, type ApiError } from '../common/api-error';

/** The request and response header that carries consistency tokens. */
export const CONSISTENCY_HEADER = 'Limbic-Consistency';

/** chosen: tokens one request may carry (a client with that many writes in flight at once). */
export const MAX_TOKENS = 16;
/** chosen: bookmarks one token may name (Neo4j's are ≈ 40 characters). */
const MAX_BOOKMARKS = 64;
const MAX_BOOKMARK_CHARS = 512;
const VERSION = 'v1';

/**
 * Consistency tokens: the Neo4j bookmarks of a tenant's writes, signed, so a client can carry
 * them from a write on one API replica to a read on another (read-your-writes on a cluster).
 * Signed because Neo4j waits up to 60 s for a bookmark it has not reached (measured on 2026.08:
 * a forged one held a read for 60,011 ms before BookmarkTimeout): an unsigned token would let
 * any caller park requests, and the permits they hold, at will. Bound to the tenant, so one
 * tenant's token is no use to another. The format is `v1.<payload>.<signature>`, base64url.
 */
export class ConsistencyTokens {
  constructor(private readonly secret: string) {}

  /** The token for these bookmarks, or null when there are none to carry. */
  issue(tenantId: string, bookmarks: readonly string[]): string | null {
    if (bookmarks.length === 0) return null;
    const payload = Buffer.from(JSON.stringify({ t: tenantId, b: bookmarks.slice(0, MAX_BOOKMARKS) })).toString('base64url');
    return `${VERSION}.${payload}.${this.sign(payload)}`;
  }

  /**
   * The bookmarks of every token in the header (a comma-separated list, as HTTP joins repeated
   * headers). A token this deployment did not issue for this tenant is refused (BAD_USER_INPUT).
   */
  read(tenantId: string, header: string | readonly string[] | undefined): string[] {
    const joined = typeof header === 'string' ? header : (header ?? []).join(',');
    const tokens = joined
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    if (tokens.length > MAX_TOKENS) throw refused(`at most ${MAX_TOKENS} tokens, got ${tokens.length}`);
    const bookmarks = new Set<string>();
    for (const token of tokens) for (const b of this.verify(tenantId, token)) bookmarks.add(b);
    return [...bookmarks];
  }

  private verify(tenantId: string, token: string): string[] {
    const [version, payload, signature, ...rest] = token.split('.');
    if (version !== VERSION || !payload || !signature || rest.length > 0) throw refused('not a consistency token');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused('not a token this deployment issued');
    const body = parseBody(payload);
    if (!body) throw refused('not a consistency token');
    if (body.t !== tenantId) throw refused('issued for another API key');
    return body.b;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`${VERSION}.${payload}`).digest('base64url');
  }
}

function parseBody(payload: string): { t: string; b: string[] } | null {
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { t?: unknown; b?: unknown };
    const b = body.b;
    const valid = Array.isArray(b) && b.length <= MAX_BOOKMARKS && b.every((x) => typeof x === 'string' && x.length > 0 && x.length <= MAX_BOOKMARK_CHARS);
    return typeof body.t === 'string' && valid ? { t: body.t, b: b as string[] } : null;
  } catch {
    return null;
  }
}

function refused(why: string): ApiError {
  return badInput(CONSISTENCY_HEADER, `${why}; send the token the latest response carried in ${CONSISTENCY_HEADER}, or none`);
}
