import { IntrinsicException } from '@nestjs/common';

/** The error codes clients see in `extensions.code` (DESIGN §7). */
export type ApiErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'UNAVAILABLE';

/**
 * A failure the client caused or can act on. `message` is user-facing; `detail` stays in
 * our logs. Anything that is not an ApiError reaches the client as a generic internal error.
 */
// IntrinsicException: Nest's exception handler does not log these as errors with a stack (the
// client's mistake is not ours); the GraphQL request log line still records the outcome.
export class ApiError extends IntrinsicException {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badInput = (field: string, message: string): ApiError => new ApiError('BAD_USER_INPUT', `${field}: ${message}`, field);
export const notFound = (what: string): ApiError => new ApiError('NOT_FOUND', `${what} not found`);
