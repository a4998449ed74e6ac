import { GraphQLError } from 'graphql';
import { withoutStackCapture } from '@limbic/observability';
import { ApiError, HTTP_STATUS } from '../common/api-error';
import { withRetryAfter } from '../common/retry-after';
import type { OperationCost } from './operation-cost';

/**
 * Refusals raised before execution: an ApiError (formatError maps it) wrapped in a
 * GraphQLError, whose `http` extension is the only way to give a response from a plugin
 * its status (Apollo answers 500 otherwise).
 */
function refusal(error: ApiError): GraphQLError {
  return new GraphQLError(error.message, { originalError: error, extensions: { code: error.code, http: { status: HTTP_STATUS[error.code] } } });
}

// A refusal is the client's doing and a flood of them must stay cheap: no stack is captured
// (GraphQLError formats its original's, which was half of a refusal's CPU time).
export function tooCostly(cost: OperationCost, budget: number): GraphQLError {
  const heaviest = cost.heaviest ? ` (${cost.heaviest.field.split('.')[1] ?? ''} ×${cost.heaviest.occurrences}: ${cost.heaviest.cost})` : '';
  return withoutStackCapture(() =>
    refusal(new ApiError('QUERY_TOO_COSTLY', `operation cost ${cost.total} exceeds the budget of ${budget}${heaviest}; split it into smaller operations`)),
  );
}

export function rateLimited(cost: number, retryAfterMs: number): GraphQLError {
  return withoutStackCapture(() =>
    refusal(withRetryAfter(new ApiError('RATE_LIMITED', `tenant rate limit reached: this operation costs ${cost}; retry in ${Math.ceil(retryAfterMs)} ms`), retryAfterMs)),
  );
}
