import { HTTP_STATUS, type ApiErrorCode } from '../../../apps/api/src/common/api-error';
import {
  BadInputError,
  codeOfStatus,
  ConflictError,
  ERROR_CLASSES,
  errorFromCode,
  errorFromGraphql,
  ForbiddenError,
  InternalError,
  InvalidOperationError,
  LimbicError,
  NotFoundError,
  QueryTooCostlyError,
  RateLimitedError,
  UnauthenticatedError,
  UnavailableError,
} from './errors';
import { HttpClient } from './transport';

// A code the API gains without a class here stops this file from compiling (ts-jest fails it).
type Unmapped = Exclude<ApiErrorCode, keyof typeof ERROR_CLASSES>;
const everyApiCodeMapped: [Unmapped] extends [never] ? true : Unmapped = true;

describe('error map', () => {
  // HTTP_STATUS is a Record<ApiErrorCode, …>: its keys are the API's codes at run time too.
  const apiCodes = Object.keys(HTTP_STATUS) as ApiErrorCode[];

  it('gives every API error code its own class, never the catch-all', () => {
    expect(everyApiCodeMapped).toBe(true);
    expect(apiCodes.length).toBeGreaterThanOrEqual(8);
    const classes = apiCodes.map((code) => {
      const err = errorFromCode(code, 'm');
      expect(err).toBeInstanceOf(LimbicError);
      expect(err).not.toBeInstanceOf(InternalError);
      expect(err.code).toBe(code);
      return err.constructor;
    });
    expect(new Set(classes).size).toBe(apiCodes.length);
  });

  it.each([
    ['BAD_USER_INPUT', BadInputError],
    ['NOT_FOUND', NotFoundError],
    ['UNAUTHENTICATED', UnauthenticatedError],
    ['FORBIDDEN', ForbiddenError],
    ['UNAVAILABLE', UnavailableError],
    ['CONFLICT', ConflictError],
    ['RATE_LIMITED', RateLimitedError],
    ['QUERY_TOO_COSTLY', QueryTooCostlyError],
    ['GRAPHQL_VALIDATION_FAILED', InvalidOperationError],
    ['GRAPHQL_PARSE_FAILED', InvalidOperationError],
    ['BAD_REQUEST', InvalidOperationError],
  ])('%s is a %p named for its class', (code, cls) => {
    const err = errorFromCode(code, 'what went wrong');
    expect(err).toBeInstanceOf(cls);
    expect(err.name).toBe(cls.name);
    expect(err.message).toBe('what went wrong');
  });

  it('keeps an unknown code on an InternalError', () => {
    const err = errorFromCode('SOMETHING_NEW', 'm');
    expect(err).toBeInstanceOf(InternalError);
    expect(err.code).toBe('SOMETHING_NEW');
    // Not fooled by names every object has.
    expect(errorFromCode('constructor', 'm')).toBeInstanceOf(InternalError);
  });

  it('carries field, path and retryAfterMs from a GraphQL error', () => {
    const bad = errorFromGraphql({ message: 'content: must not be empty', path: ['encode'], extensions: { code: 'BAD_USER_INPUT', field: 'content' } });
    expect(bad).toBeInstanceOf(BadInputError);
    expect((bad as BadInputError).field).toBe('content');
    expect(bad.path).toEqual(['encode']);
    const limited = errorFromGraphql({ message: 'slow down', extensions: { code: 'RATE_LIMITED', retryAfterMs: 1500 } });
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).retryAfterMs).toBe(1500);
    expect(limited.path).toBeUndefined();
    const unavailable = errorFromGraphql({ message: 'busy', extensions: { code: 'UNAVAILABLE', retryAfterMs: 1000 } });
    expect((unavailable as UnavailableError).retryAfterMs).toBe(1000);
  });

  it('ignores extensions of the wrong type and falls back on the status for a code', () => {
    const err = errorFromGraphql({ message: 'm', extensions: { field: 7, retryAfterMs: 'soon' } }, 429);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.details).toEqual({ status: 429 });
    expect(errorFromGraphql({ message: 'm' })).toBeInstanceOf(InternalError);
  });
});

describe('HTTP status mapping', () => {
  it.each([
    [400, 'BAD_USER_INPUT'],
    [413, 'BAD_USER_INPUT'],
    [415, 'BAD_USER_INPUT'],
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [429, 'RATE_LIMITED'],
    [502, 'UNAVAILABLE'],
    [503, 'UNAVAILABLE'],
    [504, 'UNAVAILABLE'],
    [500, 'INTERNAL_SERVER_ERROR'],
    [418, 'INTERNAL_SERVER_ERROR'],
  ])('%d → %s', (status, code) => {
    expect(codeOfStatus(status)).toBe(code);
  });

  it('maps each status the API gives a code back to a code of the same kind', () => {
    for (const [code, status] of Object.entries(HTTP_STATUS)) {
      // QUERY_TOO_COSTLY shares 400 with bad input: both say "change the request".
      const expected = code === 'QUERY_TOO_COSTLY' ? 'BAD_USER_INPUT' : code;
      expect([code, codeOfStatus(status)]).toEqual([code, expected]);
    }
  });

  it('reads a REST error body {code, message} and Retry-After in seconds', async () => {
    const res = new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'tenant over its rate' }), { status: 429, headers: { 'retry-after': '2' } });
    const err = await HttpClient.failure(res);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.message).toBe('tenant over its rate');
    expect((err as RateLimitedError).retryAfterMs).toBe(2000);
    expect(err.status).toBe(429);
  });

  it('reads a GraphQL error body with its field, the status when the body has no code', async () => {
    const gql = await HttpClient.failure(new Response(JSON.stringify({ errors: [{ message: 'id: too long', extensions: { code: 'BAD_USER_INPUT', field: 'id' } }] }), { status: 400 }));
    expect(gql).toBeInstanceOf(BadInputError);
    expect((gql as BadInputError).field).toBe('id');
    const proxy = await HttpClient.failure(new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect(proxy).toBeInstanceOf(UnavailableError);
    expect(proxy.message).toContain('HTTP 502');
    const dated = await HttpClient.failure(new Response('', { status: 503, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } }));
    expect((dated as UnavailableError).retryAfterMs).toBeGreaterThan(50_000);
  });
});
