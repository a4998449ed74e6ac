import type { RequestHandler } from 'express';
import type { LimbicConfig } from '@limbic/config';
import { withBookmarks } from '@limbic/graph';
import { ApiError } from '../common/api-error';
import { TenantResolver } from '../auth/tenant-resolver';
import { CONSISTENCY_HEADER, type ConsistencyTokens } from './consistency-token';

/**
 * Runs the rest of the request in a causal scope seeded from its Limbic-Consistency tokens
 * (every query waits until the database has the writes they name), and answers with a token
 * for what the scope holds when the response starts: the request's own writes, or the tokens
 * it came with, merged. A bad token is refused before the body is read, in the shape of the
 * route (`graphql`: GraphQL's errors; `rest`: `{code, message}`), and nothing runs.
 * After requireKey: an unknown key was already refused.
 */
export function carryConsistency(config: Pick<LimbicConfig, 'apiKeys' | 'singleTenant'>, tokens: ConsistencyTokens, shape: 'graphql' | 'rest'): RequestHandler {
  const resolver = new TenantResolver(config);
  return (req, res, next) => {
    let tenantId: string;
    try {
      tenantId = resolver.resolve(req.headers.authorization);
    } catch {
      return next();
    }
    let incoming: string[];
    try {
      incoming = tokens.read(tenantId, req.headers[CONSISTENCY_HEADER.toLowerCase()]);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const body = shape === 'graphql' ? { errors: [{ message: err.message, extensions: { code: err.code, field: err.field } }] } : { code: err.code, message: err.message, field: err.field };
      res.status(400).json(body);
      return;
    }
    withBookmarks(incoming, (scope) => {
      // The token must be in the headers, which go out with the first byte of the body: set it
      // as they are written (Node's implicit header flush goes through writeHead as well).
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: unknown[]) {
        const token = tokens.issue(tenantId, scope.values());
        if (token && !res.headersSent) res.setHeader(CONSISTENCY_HEADER, token);
        return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
      } as typeof res.writeHead;
      next();
    });
  };
}
