import type { RequestHandler } from 'express';
import type { LimbicConfig } from '@limbic/config';
import { ApiError } from '../common/api-error';
import { TenantResolver } from './tenant-resolver';

/**
 * With API keys configured, a request to /graphql without a valid key is refused before its
 * body is even parsed, whatever it asks: the resolvers' guard (TenantGuard) never sees an
 * introspection query, and a validation error ("Did you mean …?") describes the schema too.
 * The answer has GraphQL's error shape. Single-tenant mode (no keys, loopback only) lets
 * everything through, as before.
 */
export function requireKey(config: Pick<LimbicConfig, 'apiKeys' | 'singleTenant'>): RequestHandler {
  const resolver = new TenantResolver(config);
  return (req, res, next) => {
    if (config.singleTenant) return next();
    try {
      resolver.resolve(req.headers.authorization);
      next();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'a valid API key is required';
      res.status(401).json({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] });
    }
  };
}
