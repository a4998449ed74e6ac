import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { internalFailure, knownFailure, type ClientFailure, type DescribedFailure } from './client-failure';

/**
 * REST twin of format-error.ts, on the same map (client-failure.ts): the failure's status and
 * `{code, message}`. A failure after a streamed response has started can only cut the stream
 * short.
 */
@Catch()
export class ApiErrorHttpFilter implements ExceptionFilter {
  private readonly log = new Logger('REST');

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { failure, log } = describe(error);
    if (log) this.log[log.level](log.text);
    if (res.headersSent) {
      this.log.warn(`stream aborted: ${failure.message}`);
      res.destroy();
      return;
    }
    // A refused oversized body: close after answering rather than read the rest of it.
    if (failure.status === 413) res.setHeader('connection', 'close');
    res.status(failure.status).json({ code: failure.code, message: failure.message });
  }
}

function describe(error: unknown): DescribedFailure {
  return knownFailure(error) ?? (error instanceof HttpException ? { failure: httpRefusal(error), log: null } : internalFailure(error));
}

/** Nest's own refusals of a request (an unknown route, a body parser's limit) keep their status. */
function httpRefusal(error: HttpException): ClientFailure {
  const status = error.getStatus();
  return { code: status === 404 ? 'NOT_FOUND' : status < 500 ? 'BAD_USER_INPUT' : 'INTERNAL_SERVER_ERROR', message: error.message, status };
}
