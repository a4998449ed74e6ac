import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { TenantResolver } from './tenant-resolver';

/** Where HttpTenantGuard leaves the caller's tenant on the request. */
const TENANT = Symbol('tenantId');
type TenantRequest = Request & { [TENANT]?: string };

/**
 * The GraphQL API-key → tenant rule, for REST routes (the global TenantGuard only looks at
 * GraphQL operations). A missing or unknown key throws UNAUTHENTICATED, which
 * ApiErrorHttpFilter turns into a 401.
 */
@Injectable()
export class HttpTenantGuard implements CanActivate {
  private readonly resolver: TenantResolver;

  constructor(@Inject(LIMBIC_CONFIG) config: LimbicConfig) {
    this.resolver = new TenantResolver(config);
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<TenantRequest>();
    req[TENANT] = this.resolver.resolve(req.headers.authorization);
    return true;
  }
}

/** The caller's tenant, as established by HttpTenantGuard. */
export const HttpTenant = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const tenantId = context.switchToHttp().getRequest<TenantRequest>()[TENANT];
  if (!tenantId) throw new Error('HttpTenantGuard did not run');
  return tenantId;
});
