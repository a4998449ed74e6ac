import type { RequestHandler } from 'express';
import type { LimbicConfig } from '@limbic/config';
import type { EmbeddingSpaces } from '@limbic/graph';
import { TenantResolver } from './tenant-resolver';

/**
 * Runs the rest of the request with the caller's embedding space pinned (EmbeddingSpaces.pin):
 * the model that embeds its text and the slot its queries read are taken from one snapshot,
 * so a switch landing mid-request cannot pair a new-model query vector with old-slot vectors.
 * After requireKey: an unknown key was already refused.
 */
export function pinSpace(config: Pick<LimbicConfig, 'apiKeys' | 'singleTenant'>, spaces: EmbeddingSpaces): RequestHandler {
  const resolver = new TenantResolver(config);
  return (req, _res, next) => {
    let tenantId: string;
    try {
      tenantId = resolver.resolve(req.headers.authorization);
    } catch {
      return next();
    }
    spaces.pin(tenantId, () => next());
  };
}
