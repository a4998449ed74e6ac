import { Inject } from '@nestjs/common';
import { Plugin } from '@nestjs/apollo';
import type { ApolloServerPlugin, GraphQLRequestContextDidResolveOperation, GraphQLRequestListener } from '@apollo/server';
import { Kind, type FragmentDefinitionNode } from 'graphql';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { admissionRefusals } from '@limbic/observability';
import type { RequestContext } from '../auth/request-context';
import { TenantResolver } from '../auth/tenant-resolver';
import { rateLimited, tooCostly } from './admission-errors';
import { FIELD_COSTS } from './field-costs';
import { operationCost } from './operation-cost';
import { TenantRateLimiter } from './tenant-rate-limiter';

/**
 * Admission: after the operation is parsed, validated and chosen and before any resolver
 * runs, its cost is computed (with the request's variables, which validation rules never
 * see: an encodeBatch's items usually arrive as one) and the operation is refused if it is
 * over the budget or over its tenant's rate limit. A refused operation runs nothing and
 * spends nothing from the bucket.
 */
@Plugin()
export class AdmissionPlugin implements ApolloServerPlugin<RequestContext> {
  private readonly tenants: TenantResolver;
  private readonly budget: number;

  constructor(
    @Inject(LIMBIC_CONFIG) config: LimbicConfig,
    private readonly limiter: TenantRateLimiter,
  ) {
    this.tenants = new TenantResolver(config);
    this.budget = config.limits.maxQueryCost;
  }

  requestDidStart(): Promise<GraphQLRequestListener<RequestContext>> {
    return Promise.resolve({ didResolveOperation: (ctx) => this.admit(ctx) });
  }

  private async admit(ctx: GraphQLRequestContextDidResolveOperation<RequestContext>): Promise<void> {
    // No operation (an unknown operationName): execution fails before any resolver.
    if (!ctx.operation) return;
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const d of ctx.document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
    const cost = operationCost({ schema: ctx.schema, operation: ctx.operation, fragments, variables: ctx.request.variables ?? {}, costs: FIELD_COSTS });
    const tenant = this.tenantOf(ctx.contextValue);
    if (cost.total > this.budget) {
      admissionRefusals.inc({ reason: 'cost', tenant: tenant ?? '-' });
      throw tooCostly(cost, this.budget);
    }
    // Without a tenant TenantGuard refuses the operation before any resolver: nothing to charge.
    if (tenant === undefined) return;
    const decision = await this.limiter.take(tenant, cost.total);
    if (!decision.allowed) {
      admissionRefusals.inc({ reason: 'rate', tenant });
      throw rateLimited(cost.total, decision.retryAfterMs);
    }
  }

  private tenantOf(ctx: RequestContext): string | undefined {
    try {
      return this.tenants.resolve(ctx.req.headers.authorization);
    } catch {
      return undefined;
    }
  }
}
