import { IntrinsicException } from '@nestjs/common';

/** The error codes clients see in `extensions.code` (DESIGN §7). */
export type ApiErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'UNAVAILABLE'
  /** The write collided with what is stored (a uniqueness constraint): another write got there first, or the input duplicates a stored node. */
  | 'CONFLICT'
  /** The operation's cost is over LIMBIC_MAX_QUERY_COST (apps/api/src/admission). */
  | 'QUERY_TOO_COSTLY'
  /** The tenant spent its rate limit; `extensions.retryAfterMs` and Retry-After say when to come back. */
  | 'RATE_LIMITED';

/** The HTTP status of each code, where the response is the error alone (REST routes, refusals before execution). */
export const HTTP_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  UNAVAILABLE: 503,
  CONFLICT: 409,
  QUERY_TOO_COSTLY: 400,
  RATE_LIMITED: 429,
};

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

/** An ApiError whose REST status differs from its code's default (409, 413). */
export class HttpStatusApiError extends ApiError {
  constructor(
    readonly httpStatus: number,
    code: ApiErrorCode,
    message: string,
    field?: string,
  ) {
    super(code, message, field);
    this.name = 'HttpStatusApiError';
  }
}

export const badInput = (field: string, message: string): ApiError => new ApiError('BAD_USER_INPUT', `${field}: ${message}`, field);
export const notFound = (what: string): ApiError => new ApiError('NOT_FOUND', `${what} not found`);
