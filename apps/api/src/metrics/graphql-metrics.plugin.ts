import { Logger } from '@nestjs/common';
import { Plugin } from '@nestjs/apollo';
import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse, GraphQLRequestListener } from '@apollo/server';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { encodeTotal, graphqlDuration, recallTotal } from '@limbic/observability';

const ENCODE_FIELDS = new Set(['encode', 'encodeBatch']);

/**
 * Latency by operation, encode and recall counts, and one access-log line per request. The
 * operation label is built from the root fields (bounded by the schema), never from the
 * client-chosen operation name, so label cardinality stays small.
 */
@Plugin()
export class GraphqlMetricsPlugin implements ApolloServerPlugin {
  private readonly log = new Logger('GraphQL');

  requestDidStart(): Promise<GraphQLRequestListener<Record<string, unknown>>> {
    const started = performance.now();
    const log = this.log;
    return Promise.resolve({
      willSendResponse(ctx: GraphQLRequestContextWillSendResponse<Record<string, unknown>>): Promise<void> {
        const seconds = (performance.now() - started) / 1000;
        const fields = rootFields(ctx.operation);
        const operation = ctx.operation ? `${ctx.operation.operation}:${fields.slice(0, 3).join(',') || '-'}` : 'invalid';
        const outcome = ctx.errors && ctx.errors.length > 0 ? 'error' : 'ok';
        graphqlDuration.observe({ operation, outcome }, seconds);
        for (const f of fields) {
          if (ENCODE_FIELDS.has(f)) encodeTotal.inc({ field: f, outcome });
          else if (f === 'recall') recallTotal.inc({ outcome });
        }
        log.log({ msg: 'graphql request', operation, outcome, ms: Math.round(seconds * 1000 * 10) / 10 });
        return Promise.resolve();
      },
    });
  }
}

function rootFields(operation: OperationDefinitionNode | undefined): string[] {
  if (!operation) return [];
  const names = operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
  return [...new Set(names)].sort();
}
