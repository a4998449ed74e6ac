import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import type { RequestContext } from './request-context';
import { TenantResolver } from './tenant-resolver';

/** Global guard: every GraphQL operation runs for exactly one authenticated tenant. */
@Injectable()
export class TenantGuard implements CanActivate {
  private readonly resolver: TenantResolver;

  constructor(@Inject(LIMBIC_CONFIG) config: LimbicConfig) {
    this.resolver = new TenantResolver(config);
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType<string>() !== 'graphql') return true; // health and metrics are public
    const ctx = GqlExecutionContext.create(context).getContext<RequestContext>();
    ctx.tenantId = this.resolver.resolve(ctx.req.headers.authorization);
    return true;
  }
}
