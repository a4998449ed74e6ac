import { Logger } from '@nestjs/common';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { GraphError } from '@limbic/graph';
import { EmbeddingError } from '@limbic/embeddings';
import { ApiError } from './api-error';
import { RETRY_AFTER_EXTENSION, retryAfterMsOf } from './retry-after';

const log = new Logger('GraphQL');
/** Codes Apollo itself assigns to malformed requests; they are safe to pass through. */
const APOLLO_CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
]);

/**
 * chosen: the longest message a client gets back. Messages quote the input they refuse (a
 * variable's value, an id); a 10 KB id came back whole. The start says what is wrong.
 */
const MESSAGE_MAX = 300;

function short(message: string): string {
  return message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX)}…` : message;
}

/** What an UNAVAILABLE without a hint of its own tells the client to wait (Retry-After: 1). */
const UNAVAILABLE_RETRY_AFTER_MS = 1000;

/** One map from internal failures to the typed errors of the API contract. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapped(error);
  const result = mapped(formatted, original);
  // Every UNAVAILABLE is worth a retry; one that knows when (overload, rate) says so itself.
  const retryAfterMs = retryAfterMsOf(original) ?? (result.extensions?.code === 'UNAVAILABLE' ? UNAVAILABLE_RETRY_AFTER_MS : undefined);
  return retryAfterMs === undefined ? result : { ...result, extensions: { ...result.extensions, [RETRY_AFTER_EXTENSION]: retryAfterMs } };
}

/**
 * The error a resolver threw, or the ApiError a plugin wrapped in a GraphQLError to give it an
 * HTTP status (admission refusals are raised before execution, so they have no path).
 */
function unwrapped(error: unknown): unknown {
  const original = unwrapResolverError(error);
  return original instanceof GraphQLError && original.originalError instanceof ApiError ? original.originalError : original;
}

function mapped(formatted: GraphQLFormattedError, original: unknown): GraphQLFormattedError {
  const base = { message: short(formatted.message), locations: formatted.locations, path: formatted.path };
  if (original instanceof ApiError) {
    return { ...base, message: short(original.message), extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) } };
  }
  if (original instanceof GraphError && (original.kind === 'unavailable' || original.kind === 'timeout')) {
    log.warn(`${original.queryName ?? 'query'}: ${original.message}`);
    const message = original.neo4jCode === 'LimbicOverloaded' ? 'the memory store is busy, try again shortly' : 'the memory store is unavailable, try again';
    return { ...base, message, extensions: { code: 'UNAVAILABLE' } };
  }
  if (original instanceof EmbeddingError) {
    log.warn(`embedder: ${original.message}`);
    return { ...base, message: 'the embedding provider is unavailable, try again', extensions: { code: 'UNAVAILABLE' } };
  }
  const code = formatted.extensions?.code;
  // Only the code: Apollo adds the server's stack trace outside production.
  if (typeof code === 'string' && APOLLO_CLIENT_CODES.has(code)) return { ...base, extensions: { code } };
  log.error(original instanceof Error ? (original.stack ?? original.message) : String(original));
  return { ...base, message: 'internal error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
