import type { RequestHandler } from 'express';
import type { LimbicConfig } from '@limbic/config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS rebinding: without API keys the API trusts whoever reaches its loopback address, and a
 * web page whose host name an attacker re-points at 127.0.0.1 would be such a caller (the MCP
 * spec asks servers to check Origin for this reason). That page's requests name the
 * attacker's host in Host, and in Origin when a browser sends one; local clients name a
 * loopback host and, unless they are a browser on a loopback page, no Origin. With keys a page
 * cannot call without the key, so any host and origin may.
 */
export function rebindingRefusal(headers: { host?: string; origin?: string }, singleTenant: boolean): string | null {
  if (!singleTenant) return null;
  if (!isLoopback(headers.host === undefined ? undefined : `http://${headers.host}`)) return `host ${clip(headers.host)}`;
  if (headers.origin !== undefined && !isLoopback(headers.origin)) return `origin ${clip(headers.origin)}`;
  return null;
}

/** Every route, before anything else: the keyless API answers loopback names only. */
export function loopbackOnly(config: Pick<LimbicConfig, 'singleTenant'>): RequestHandler {
  return (req, res, next) => {
    const refused = rebindingRefusal({ host: req.headers.host, origin: req.headers.origin }, config.singleTenant);
    if (refused === null) return next();
    res.status(403).json({ errors: [{ message: `${refused} may not call an API without keys: only loopback names may (set LIMBIC_API_KEYS to serve others)`, extensions: { code: 'FORBIDDEN' } }] });
  };
}

function isLoopback(url: string | undefined): boolean {
  if (url === undefined) return false;
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

function clip(value: string | undefined): string {
  return value === undefined ? '(none)' : value.slice(0, 100);
}
