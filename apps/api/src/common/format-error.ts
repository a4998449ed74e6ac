import { Logger } from '@nestjs/common';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { GraphError } from '@limbic/graph';
import { EmbeddingError } from '@limbic/embeddings';
import { ApiError } from './api-error';

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

/** One map from internal failures to the typed errors of the API contract. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const base = { message: short(formatted.message), locations: formatted.locations, path: formatted.path };
  if (original instanceof ApiError) {
    return { ...base, message: short(original.message), extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) } };
  }
  if (original instanceof GraphError && (original.kind === 'unavailable' || original.kind === 'timeout')) {
    log.warn(`${original.queryName ?? 'query'}: ${original.message}`);
    return { ...base, message: 'the memory store is unavailable, try again', extensions: { code: 'UNAVAILABLE' } };
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
