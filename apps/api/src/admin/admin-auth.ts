import { timingSafeEqual, createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * Admin key check for /admin: `Authorization: Bearer <key>`, `x-admin-key: <key>`, or HTTP
 * Basic with the key as password (so a browser can open the dashboard). Constant-time compare.
 */
export function adminAuth(adminKey: string): (req: Request, res: Response, next: NextFunction) => void {
  const expected = digest(adminKey);
  return (req, res, next) => {
    const presented = presentedKey(req);
    if (presented !== null && timingSafeEqual(digest(presented), expected)) return next();
    res.setHeader('www-authenticate', 'Basic realm="limbic-admin", charset="UTF-8"');
    res.status(401).json({ error: 'admin key required' });
  };
}

function presentedKey(req: Request): string | null {
  const header = req.headers['x-admin-key'];
  if (typeof header === 'string') return header;
  const auth = req.headers.authorization ?? '';
  if (auth.startsWith('Bearer ')) return auth.slice(7);
  if (auth.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
    const sep = decoded.indexOf(':');
    return sep >= 0 ? decoded.slice(sep + 1) : null;
  }
  return null;
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}
