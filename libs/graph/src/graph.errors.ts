/** Typed failures of the graph layer; raw driver errors never leave libs/graph. */
export type GraphErrorKind = 'unavailable' | 'conflict' | 'timeout' | 'invalid-query' | 'internal';

export class GraphError extends Error {
  constructor(
    readonly kind: GraphErrorKind,
    message: string,
    readonly neo4jCode?: string,
    readonly queryName?: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/** Neo4j status codes (or their prefixes) → our kinds. First match wins. */
const CODE_MAP: readonly (readonly [string, GraphErrorKind])[] = [
  ['Neo.ClientError.Schema.ConstraintValidationFailed', 'conflict'],
  ['Neo.ClientError.Transaction.TransactionTimedOut', 'timeout'],
  ['Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration', 'timeout'],
  // A vector index dropped or rebuilding under a running process (AgentVectorSearch then takes
  // the exact path): the call can be retried, it is not the caller's fault.
  ['Neo.ClientError.Schema.IndexNotFound', 'unavailable'],
  ['Neo.ClientError.Statement.', 'invalid-query'],
  ['Neo.ClientError.Procedure.', 'invalid-query'],
  ['Neo.ClientError.Security.', 'unavailable'],
  ['Neo.TransientError.', 'unavailable'],
  ['ServiceUnavailable', 'unavailable'],
  ['SessionExpired', 'unavailable'],
];

export function toGraphError(err: unknown, queryName?: string): GraphError {
  if (err instanceof GraphError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  const message = err instanceof Error ? err.message : String(err);
  // The driver's pool had no free connection in time: overload, retryable by the client.
  if (message.startsWith('Connection acquisition timed out')) return new GraphError('unavailable', message, code || undefined, queryName);
  const kind = CODE_MAP.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 'internal';
  return new GraphError(kind, message, code || undefined, queryName);
}
