import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { EmbeddingError } from '@limbic/embeddings';
import { GraphError } from '@limbic/graph';
import { ApiError, HTTP_STATUS } from '../../common/api-error';
import { HttpStatusApiError } from '../exceptions/lifecycle.errors';

/**
 * REST twin of format-error.ts: ApiError → its HTTP status and `{code, message}`; store or
 * embedder outages → 503 UNAVAILABLE; anything else → 500 without internals. A failure after
 * a streamed response has started can only cut the stream short.
 */
@Catch()
export class ApiErrorHttpFilter implements ExceptionFilter {
  private readonly log = new Logger('REST');

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, code, message } = this.describe(error);
    if (res.headersSent) {
      this.log.warn(`stream aborted: ${message}`);
      res.destroy();
      return;
    }
    // A refused oversized body: close after answering rather than read the rest of it.
    if (status === 413) res.setHeader('connection', 'close');
    res.status(status).json({ code, message });
  }

  private describe(error: unknown): { status: number; code: string; message: string } {
    if (error instanceof HttpStatusApiError) return { status: error.httpStatus, code: error.code, message: error.message };
    if (error instanceof ApiError) return { status: HTTP_STATUS[error.code], code: error.code, message: error.message };
    if ((error instanceof GraphError && (error.kind === 'unavailable' || error.kind === 'timeout')) || error instanceof EmbeddingError) {
      this.log.warn(error.message);
      return { status: 503, code: 'UNAVAILABLE', message: 'the memory store is unavailable, try again' };
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      return { status, code: status === 404 ? 'NOT_FOUND' : status < 500 ? 'BAD_USER_INPUT' : 'INTERNAL_SERVER_ERROR', message: error.message };
    }
    this.log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'internal error' };
  }
}
