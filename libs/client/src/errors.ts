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
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
  }

  /** The GraphQL path of the field that failed; absent for a refusal before execution. */
  get path(): readonly (string | number)[] | undefined {
    return this.details.path;
  }

  /** The HTTP status, when the response was not a GraphQL result. */
  get status(): number | undefined {
    return this.details.status;
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

export class BadInputError extends LimbicError {
  /** The input field the API refused, e.g. `content` or `goals[2].priority`. */
  get field(): string | undefined {
    return this.details.field;
  }
}
export class NotFoundError extends LimbicError {}
export class UnauthenticatedError extends LimbicError {}
export class ForbiddenError extends LimbicError {}
/** The write collided with what is stored (a concurrent write, a duplicate): read the current state and decide again. */
export class ConflictError extends LimbicError {}

/** Worth trying again later; `retryAfterMs` says when, if the API said. */
export class UnavailableError extends LimbicError {
  get retryAfterMs(): number | undefined {
    return this.details.retryAfterMs;
  }
}

/** The tenant spent its rate limit. The request was refused before it ran, so any operation may be sent again after `retryAfterMs`. */
export class RateLimitedError extends LimbicError {
  get retryAfterMs(): number | undefined {
    return this.details.retryAfterMs;
  }
}

/** The operation's cost is over the server's limit: ask for fewer items or fields. */
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
  CONFLICT: ConflictError,
  RATE_LIMITED: RateLimitedError,
  QUERY_TOO_COSTLY: QueryTooCostlyError,
  // Apollo's own codes for a request it could not run as sent (format-error.ts passes them through).
  GRAPHQL_PARSE_FAILED: InvalidOperationError,
  GRAPHQL_VALIDATION_FAILED: InvalidOperationError,
  OPERATION_RESOLUTION_FAILURE: InvalidOperationError,
  PERSISTED_QUERY_NOT_FOUND: InvalidOperationError,
  PERSISTED_QUERY_NOT_SUPPORTED: InvalidOperationError,
  BAD_REQUEST: InvalidOperationError,
  INTERNAL_SERVER_ERROR: InternalError,
} as const satisfies Record<string, ErrorClass>;

export type LimbicErrorCode = keyof typeof ERROR_CLASSES;

export function errorFromCode(code: string, message: string, details: LimbicErrorDetails = {}): LimbicError {
  const cls: ErrorClass = Object.hasOwn(ERROR_CLASSES, code) ? ERROR_CLASSES[code as LimbicErrorCode] : InternalError;
  return new cls(code, message, withoutUndefined(details));
}

/** The code a bare HTTP status stands for, when the body is not a GraphQL result (a proxy, a refusal before GraphQL). */
export function codeOfStatus(status: number): LimbicErrorCode {
  if (status === 400 || status === 413 || status === 415) return 'BAD_USER_INPUT';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'UNAVAILABLE';
  return 'INTERNAL_SERVER_ERROR';
}

function withoutUndefined(details: LimbicErrorDetails): LimbicErrorDetails {
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)) as LimbicErrorDetails;
}

/** One entry of a GraphQL response's `errors`, as the API formats it (apps/api format-error.ts). */
export interface GraphqlErrorBody {
  readonly message: string;
  readonly path?: readonly (string | number)[];
  readonly extensions?: { readonly code?: unknown; readonly field?: unknown; readonly retryAfterMs?: unknown; readonly [k: string]: unknown };
}

/** The typed error for a GraphQL error entry; a response without a code is the server's fault. */
export function errorFromGraphql(error: GraphqlErrorBody, status?: number): LimbicError {
  const ext = error.extensions ?? {};
  const code = typeof ext.code === 'string' ? ext.code : status !== undefined && status >= 400 ? codeOfStatus(status) : 'INTERNAL_SERVER_ERROR';
  return errorFromCode(code, error.message, {
    path: Array.isArray(error.path) ? error.path : undefined,
    field: typeof ext.field === 'string' ? ext.field : undefined,
    retryAfterMs: typeof ext.retryAfterMs === 'number' && Number.isFinite(ext.retryAfterMs) ? ext.retryAfterMs : undefined,
    status,
  });
}
