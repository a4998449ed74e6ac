import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';

export interface RequestContext {
  req: Request;
  /** Set by TenantGuard before any resolver runs. */
  tenantId?: string;
}

/** The caller's tenant, as established by TenantGuard. */
export const Tenant = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const tenantId = GqlExecutionContext.create(context).getContext<RequestContext>().tenantId;
  if (!tenantId) throw new Error('TenantGuard did not run');
  return tenantId;
});
