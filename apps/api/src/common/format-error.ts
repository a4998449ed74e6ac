import { Logger } from '@nestjs/common';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ApiError } from './api-error';
import { internalFailure, knownFailure, type DescribedFailure } from './client-failure';
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

/** GraphQL's side of the one map from failures to the typed errors of the API contract (client-failure.ts). */
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
  const base = { locations: formatted.locations, path: formatted.path };
  const code = formatted.extensions?.code;
  const known = knownFailure(original);
  // Only the code: Apollo adds the server's stack trace outside production.
  if (!known && typeof code === 'string' && APOLLO_CLIENT_CODES.has(code)) return { ...base, message: short(formatted.message), extensions: { code } };
  const { failure, log: line }: DescribedFailure = known ?? internalFailure(original);
  if (line) log[line.level](line.text);
  return { ...base, message: short(failure.message), extensions: { code: failure.code, ...(failure.field ? { field: failure.field } : {}) } };
}
