import { Plugin } from '@nestjs/apollo';
import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse, GraphQLRequestListener } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { RETRY_AFTER_EXTENSION, retryAfterSeconds } from './retry-after';

/**
 * Sets `Retry-After` on every GraphQL response whose errors carry `extensions.retryAfterMs`
 * (the longest wins), whatever raised them: the one place that header is written.
 */
@Plugin()
export class RetryAfterPlugin implements ApolloServerPlugin {
  requestDidStart(): Promise<GraphQLRequestListener<Record<string, unknown>>> {
    return Promise.resolve({
      willSendResponse(ctx: GraphQLRequestContextWillSendResponse<Record<string, unknown>>): Promise<void> {
        const body = ctx.response.body;
        const errors = body.kind === 'single' ? body.singleResult.errors : body.initialResult.errors;
        const ms = longestRetryAfter(errors ?? []);
        if (ms !== undefined) ctx.response.http.headers.set('retry-after', String(retryAfterSeconds(ms)));
        return Promise.resolve();
      },
    });
  }
}

export function longestRetryAfter(errors: readonly GraphQLFormattedError[]): number | undefined {
  let longest: number | undefined;
  for (const e of errors) {
    const ms = e.extensions?.[RETRY_AFTER_EXTENSION];
    if (typeof ms === 'number' && ms > 0 && (longest === undefined || ms > longest)) longest = ms;
  }
  return longest;
}
