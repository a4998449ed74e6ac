import { createHash } from 'node:crypto';
import { LOCAL_TENANT, type LimbicConfig } from '@limbic/config';
import { ApiError } from '../common/api-error';

/**
 * API key → tenant. Keys are compared by their SHA-256 digest so lookups take the same
 * time whatever prefix an attacker guesses.
 */
export class TenantResolver {
  private readonly byDigest: ReadonlyMap<string, string>;

  constructor(private readonly config: Pick<LimbicConfig, 'apiKeys' | 'singleTenant'>) {
    this.byDigest = new Map([...config.apiKeys].map(([key, tenant]) => [digest(key), tenant]));
  }

  resolve(authorization: string | undefined): string {
    if (this.config.singleTenant) return LOCAL_TENANT;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const tenant = match?.[1] ? this.byDigest.get(digest(match[1])) : undefined;
    if (!tenant) throw new ApiError('UNAUTHENTICATED', 'a valid API key is required (Authorization: Bearer <key>)');
    return tenant;
  }
}

function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
