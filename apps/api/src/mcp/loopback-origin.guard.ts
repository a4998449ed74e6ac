import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { ApiError } from '../common/api-error';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS rebinding (MCP: servers must validate Origin): without API keys the API trusts whoever
 * reaches its loopback address, and a web page whose host name an attacker re-points at
 * 127.0.0.1 would be such a caller. Its browser sends the page's Origin; MCP clients that are
 * not browsers send none. With keys a page cannot call without the key, so any origin may.
 */
export function originRefused(origin: string | undefined, singleTenant: boolean): boolean {
  if (!singleTenant || origin === undefined) return false;
  try {
    return !LOOPBACK.has(new URL(origin).hostname);
  } catch {
    return true;
  }
}

@Injectable()
export class LoopbackOriginGuard implements CanActivate {
  constructor(@Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const origin = context.switchToHttp().getRequest<Request>().headers.origin;
    if (originRefused(origin, this.config.singleTenant)) throw new ApiError('FORBIDDEN', `origin ${String(origin).slice(0, 100)} may not call an API without keys: only loopback origins may`);
    return true;
  }
}
