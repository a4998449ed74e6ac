import { GraphError, type GraphErrorKind } from '@limbic/graph';
import { EmbeddingError } from '@limbic/embeddings';
import { ApiError, HTTP_STATUS, HttpStatusApiError, type ApiErrorCode } from './api-error';

/** Every code a failure of ours reaches a client with; Apollo adds its own for requests it cannot run. */
export type ClientErrorCode = ApiErrorCode | 'INTERNAL_SERVER_ERROR';

/** What a client is told, whatever the transport: GraphQL (and the MCP tools, which run on it) or REST. */
export interface ClientFailure {
  readonly code: ClientErrorCode;
  readonly message: string;
  readonly status: number;
  readonly field?: string;
}

/** How the server records a failure: `warn` for outages and the client's doing, `error` for our bugs. */
export interface FailureLog {
  readonly level: 'warn' | 'error';
  readonly text: string;
}

export interface DescribedFailure {
  readonly failure: ClientFailure;
  readonly log: FailureLog | null;
}

interface GraphFailureRule {
  readonly code: ClientErrorCode;
  readonly message: (error: GraphError) => string;
  readonly level: FailureLog['level'];
}

const INTERNAL_MESSAGE = 'internal error';
const storeUnavailable = (error: GraphError): string =>
  error.neo4jCode === 'LimbicOverloaded' ? 'the memory store is busy, try again shortly' : 'the memory store is unavailable, try again';

/**
 * Each kind of graph failure and what the client sees. `conflict` is a uniqueness constraint
 * refusing a write that raced another or duplicated a stored node: the client can read the
 * current state and decide again, so it gets its own code. `invalid-query` is a query Neo4j
 * refused to run: our bug, never the client's input (values are always parameters), so it is
 * an internal error the log names as such.
 */
export const GRAPH_FAILURES = {
  unavailable: { code: 'UNAVAILABLE', message: storeUnavailable, level: 'warn' },
  timeout: { code: 'UNAVAILABLE', message: storeUnavailable, level: 'warn' },
  conflict: { code: 'CONFLICT', message: () => 'the write conflicts with what is stored (a concurrent write or a duplicate); read the current state and try again', level: 'warn' },
  'invalid-query': { code: 'INTERNAL_SERVER_ERROR', message: () => INTERNAL_MESSAGE, level: 'error' },
  internal: { code: 'INTERNAL_SERVER_ERROR', message: () => INTERNAL_MESSAGE, level: 'error' },
} as const satisfies Record<GraphErrorKind, GraphFailureRule>;

const statusOf = (code: ClientErrorCode): number => (code === 'INTERNAL_SERVER_ERROR' ? 500 : HTTP_STATUS[code]);

/**
 * The one map from our failures to what a client sees: an ApiError as it says, a GraphError by
 * its kind, an embedder failure as UNAVAILABLE. Null for anything else, which the transport
 * either knows itself (Apollo's request errors, Nest's HTTP exceptions) or reports through
 * `internalFailure`.
 */
export function knownFailure(error: unknown): DescribedFailure | null {
  if (error instanceof ApiError) {
    const status = error instanceof HttpStatusApiError ? error.httpStatus : HTTP_STATUS[error.code];
    return { failure: { code: error.code, message: error.message, status, ...(error.field ? { field: error.field } : {}) }, log: null };
  }
  if (error instanceof GraphError) {
    const rule: GraphFailureRule = GRAPH_FAILURES[error.kind];
    const text = `${error.kind} in ${error.queryName ?? 'query'}${error.neo4jCode ? ` (${error.neo4jCode})` : ''}: ${error.message}`;
    return { failure: { code: rule.code, message: rule.message(error), status: statusOf(rule.code) }, log: { level: rule.level, text: rule.level === 'error' && error.stack ? `${text}\n${error.stack}` : text } };
  }
  if (error instanceof EmbeddingError) {
    return { failure: { code: 'UNAVAILABLE', message: 'the embedding provider is unavailable, try again', status: HTTP_STATUS.UNAVAILABLE }, log: { level: 'warn', text: `embedder: ${error.message}` } };
  }
  return null;
}

/** Anything unforeseen: the client learns only that it failed, the log gets the whole error. */
export function internalFailure(error: unknown): DescribedFailure {
  return {
    failure: { code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, status: 500 },
    log: { level: 'error', text: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  };
}
