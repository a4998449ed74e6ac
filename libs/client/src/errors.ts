/**
 * Every failure the client reports is a LimbicError whose `code` is the API's `extensions.code`
 * (DESIGN §7), so callers branch on a class or a code, never on message text.
 */
export class LimbicError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: LimbicErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface LimbicErrorDetails {
  /** The GraphQL path of the field that failed. */
  readonly path?: readonly (string | number)[];
  /** The input field the API named as wrong. */
  readonly field?: string;
  /** When the API asked the caller to come back (RATE_LIMITED, UNAVAILABLE). */
  readonly retryAfterMs?: number;
  /** The HTTP status, when the response was not a GraphQL result. */
  readonly status?: number;
  readonly cause?: unknown;
}

export class BadInputError extends LimbicError {}
export class NotFoundError extends LimbicError {}
export class UnauthenticatedError extends LimbicError {}
export class ForbiddenError extends LimbicError {}
export class UnavailableError extends LimbicError {}
export class RateLimitedError extends LimbicError {}
export class QueryTooCostlyError extends LimbicError {}
/** The operation did not parse or validate against the server's schema (client and server differ). */
export class InvalidOperationError extends LimbicError {}
export class InternalError extends LimbicError {}
/** No response: the connection failed or broke, or the timeout passed. `sent` says whether the request may have reached the server. */
export class NetworkError extends LimbicError {
  constructor(
    message: string,
    readonly sent: boolean,
    details: LimbicErrorDetails = {},
  ) {
    super('NETWORK_ERROR', message, details);
  }
}

type ErrorClass = new (code: string, message: string, details?: LimbicErrorDetails) => LimbicError;

/** The codes the API documents, each with its class; anything else is an InternalError keeping its code. */
export const ERROR_CLASSES = {
  BAD_USER_INPUT: BadInputError,
  NOT_FOUND: NotFoundError,
  UNAUTHENTICATED: UnauthenticatedError,
  FORBIDDEN: ForbiddenError,
  UNAVAILABLE: UnavailableError,
  RATE_LIMITED: RateLimitedError,
  QUERY_TOO_COSTLY: QueryTooCostlyError,
  GRAPHQL_PARSE_FAILED: InvalidOperationError,
  GRAPHQL_VALIDATION_FAILED: InvalidOperationError,
  INTERNAL_SERVER_ERROR: InternalError,
} as const satisfies Record<string, ErrorClass>;

export type LimbicErrorCode = keyof typeof ERROR_CLASSES;

export function errorFromCode(code: string, message: string, details: LimbicErrorDetails = {}): LimbicError {
  const cls: ErrorClass = (ERROR_CLASSES as Record<string, ErrorClass>)[code] ?? InternalError;
  return new cls(code, message, details);
}

/** The code a bare HTTP status stands for, when the body is not a GraphQL result (a proxy, a refusal before GraphQL). */
export function codeOfStatus(status: number): LimbicErrorCode {
  if (status === 400 || status === 413 || status === 415) return 'BAD_USER_INPUT';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'UNAVAILABLE';
  return 'INTERNAL_SERVER_ERROR';
}
