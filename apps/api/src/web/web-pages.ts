import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type RequestHandler } from 'express';

/**
 * The browser pages scripts/build-web.mjs bundles from apps/web/<page>/ into dist/web/<page>/.
 * Walks up from this file, so it resolves from dist/ (the running API) and from src/ under
 * ts-jest (where the pages are still the last build's).
 */
export function findWebDir(page: string, start: string = __dirname): string {
  let dir = resolve(start);
  for (;;) {
    for (const candidate of [join(dir, 'web', page), join(dir, 'dist', 'web', page)]) {
      if (existsSync(join(candidate, 'index.html'))) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`web page "${page}" not built (no dist/web/${page}/index.html above ${start}): run npm run build`);
    dir = parent;
  }
}

/**
 * What every page may load: only itself. No CDN, font host or inline script; the GraphQL
 * endpoint is same-origin. Pages that need more (an editor's workers) pass their own.
 */
export const PAGE_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export interface WebPageOptions {
  /** Where it is served, such as `/ui`. */
  path: string;
  /** Its folder under dist/web. */
  page: string;
  csp?: string;
  /** Run before the files are served (none needed: pages hold no data; the API checks keys). */
  before?: RequestHandler[];
}

/**
 * Serves one built page and its assets. index.html is never cached, so a new build shows at
 * once; the bundles are small enough not to need fingerprinted names.
 */
export function mountWebPage(app: INestApplication, options: WebPageOptions): void {
  const root = findWebDir(options.page);
  const headers = pageHeaders(options.csp ?? PAGE_CSP);
  const files = express.static(root, {
    index: 'index.html',
    fallthrough: false,
    setHeaders: (res, file) => res.setHeader('Cache-Control', file.endsWith('.html') ? 'no-store' : 'no-cache'),
  });
  app.use(options.path, ...(options.before ?? []), headers, files);
}

/** The headers every page's files are served with (also for a page served at a second path). */
export function pageHeaders(csp: string = PAGE_CSP): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  };
}
