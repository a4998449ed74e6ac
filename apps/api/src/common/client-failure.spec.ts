import { type ArgumentsHost, Logger, NotFoundException } from '@nestjs/common';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { EmbeddingError } from '@limbic/embeddings';
import { GraphError, type GraphErrorKind } from '@limbic/graph';
import { ConflictError, errorFromGraphql, InternalError, type LimbicError, UnavailableError } from '@limbic/client';
import { ApiError, HTTP_STATUS, HttpStatusApiError, type ApiErrorCode } from './api-error';
import { ApiErrorHttpFilter } from './api-error.filter';
import type { ClientErrorCode } from './client-failure';
import { formatError } from './format-error';

/** A resolver's failure as Apollo hands it to formatError: wrapped, with the field's path. */
function viaGraphql(error: unknown): GraphQLFormattedError {
  const wrapped = new GraphQLError(error instanceof Error ? error.message : String(error), { path: ['encode'], originalError: error instanceof Error ? error : undefined });
  return formatError(wrapped.toJSON(), wrapped);
}

/** The REST filter's answer to a failure: status and body. */
function viaRest(error: unknown): { status: number; body: unknown } {
  const answer: { status: number; body: unknown } = { status: 0, body: undefined };
  const res = {
    headersSent: false,
    setHeader: () => res,
    status: (status: number) => ((answer.status = status), res),
    json: (body: unknown) => ((answer.body = body), res),
  };
  const host = { switchToHttp: () => ({ getResponse: () => res }) } as unknown as ArgumentsHost;
  new ApiErrorHttpFilter().catch(error, host);
  return answer;
}

/** What the TypeScript client (and so the MCP tools, which run on it) makes of a formatted error. */
const asClientError = (formatted: GraphQLFormattedError): LimbicError => errorFromGraphql(formatted);

// The decision for each kind, written out: a kind added to GraphErrorKind stops this compiling.
const EXPECTED: Record<GraphErrorKind, { code: ClientErrorCode; status: number; client: typeof LimbicError; logged: 'warn' | 'error' }> = {
  unavailable: { code: 'UNAVAILABLE', status: 503, client: UnavailableError, logged: 'warn' },
  timeout: { code: 'UNAVAILABLE', status: 503, client: UnavailableError, logged: 'warn' },
  conflict: { code: 'CONFLICT', status: 409, client: ConflictError, logged: 'warn' },
  'invalid-query': { code: 'INTERNAL_SERVER_ERROR', status: 500, client: InternalError, logged: 'error' },
  internal: { code: 'INTERNAL_SERVER_ERROR', status: 500, client: InternalError, logged: 'error' },
};

describe('one map from failures to what clients see (GraphQL, REST, the TypeScript client and MCP)', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(Object.entries(EXPECTED))('GraphError %s reaches every transport as its own code', (kind, expected) => {
    const failure = new GraphError(kind as GraphErrorKind, 'Neo.ClientError.Something: raw driver text', 'Neo.ClientError.Something', 'memory.update-load');
    const formatted = viaGraphql(failure);
    expect(formatted.extensions?.code).toBe(expected.code);
    expect(formatted.path).toEqual(['encode']);
    // Driver text never reaches the client.
    expect(formatted.message).not.toContain('raw driver text');
    expect(asClientError(formatted)).toBeInstanceOf(expected.client);
    expect(asClientError(formatted).code).toBe(expected.code);
    const rest = viaRest(failure);
    expect(rest).toEqual({ status: expected.status, body: { code: expected.code, message: formatted.message } });
    // The log names the kind and the query, at the level the kind deserves (twice: GraphQL and REST).
    const spy = expected.logged === 'warn' ? warn : error;
    expect(spy).toHaveBeenCalledTimes(2);
    expect(String(spy.mock.calls[0]?.[0])).toContain(`${kind} in memory.update-load`);
    expect((expected.logged === 'warn' ? error : warn)).not.toHaveBeenCalled();
  });

  it('says an overloaded store is busy, with a retry hint', () => {
    const formatted = viaGraphql(new GraphError('unavailable', 'pool exhausted', 'LimbicOverloaded'));
    expect(formatted.message).toBe('the memory store is busy, try again shortly');
    expect(formatted.extensions).toEqual({ code: 'UNAVAILABLE', retryAfterMs: 1000 });
    expect((asClientError(formatted) as UnavailableError).retryAfterMs).toBe(1000);
  });

  it('gives a conflict no retry hint: repeating the same write collides again', () => {
    expect(viaGraphql(new GraphError('conflict', 'already exists')).extensions).toEqual({ code: 'CONFLICT' });
  });

  it('reports an embedder failure as UNAVAILABLE on both transports', () => {
    const formatted = viaGraphql(new EmbeddingError('socket hang up', true));
    expect(formatted).toMatchObject({ message: 'the embedding provider is unavailable, try again', extensions: { code: 'UNAVAILABLE' } });
    expect(asClientError(formatted)).toBeInstanceOf(UnavailableError);
    expect(viaRest(new EmbeddingError('socket hang up', true))).toEqual({ status: 503, body: { code: 'UNAVAILABLE', message: 'the embedding provider is unavailable, try again' } });
    expect(String(warn.mock.calls[0]?.[0])).toBe('embedder: socket hang up');
  });

  it.each(Object.keys(HTTP_STATUS) as ApiErrorCode[])('passes an ApiError %s through with its field, at its HTTP status', (code) => {
    const formatted = viaGraphql(new ApiError(code, 'content: must not be empty', 'content'));
    expect(formatted.extensions).toMatchObject({ code, field: 'content' });
    expect(formatted.message).toBe('content: must not be empty');
    expect(asClientError(formatted).code).toBe(code);
    expect(viaRest(new ApiError(code, 'nope'))).toEqual({ status: HTTP_STATUS[code], body: { code, message: 'nope' } });
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps the REST status an ApiError asks for', () => {
    expect(viaRest(new HttpStatusApiError(413, 'BAD_USER_INPUT', 'body: too large', 'body'))).toEqual({ status: 413, body: { code: 'BAD_USER_INPUT', message: 'body: too large' } });
  });

  it('hides anything unforeseen behind INTERNAL_SERVER_ERROR and logs its stack', () => {
    const formatted = viaGraphql(new TypeError('cannot read x of undefined'));
    expect(formatted).toMatchObject({ message: 'internal error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(String(error.mock.calls[0]?.[0])).toContain('TypeError: cannot read x of undefined');
    expect(viaRest(new TypeError('x'))).toEqual({ status: 500, body: { code: 'INTERNAL_SERVER_ERROR', message: 'internal error' } });
  });

  it("passes Apollo's own request errors through with only their code", () => {
    const invalid = new GraphQLError('Cannot query field "nope" on type "Query".', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', stacktrace: ['…'] } });
    expect(formatError(invalid.toJSON(), invalid)).toEqual({ message: 'Cannot query field "nope" on type "Query".', locations: undefined, path: undefined, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  });

  it("keeps Nest's own HTTP refusals at their status on REST", () => {
    expect(viaRest(new NotFoundException('Cannot GET /nope'))).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'Cannot GET /nope' } });
  });
});
