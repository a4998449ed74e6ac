import { randomUUID } from 'node:crypto';
import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { acceptRequestId, runWithLogContext } from '@limbic/observability';

/**
 * Gives every request an id (the caller's `x-request-id` when it is a plain token), echoes
 * it in the response, and runs the rest of the request inside a log context carrying it.
 */
@Injectable()
export class RequestIdMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const requestId = acceptRequestId(req.headers['x-request-id']) ?? randomUUID();
    res.setHeader('x-request-id', requestId);
    runWithLogContext({ requestId }, () => next());
  }
}
