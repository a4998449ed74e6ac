import type { ApolloServer } from '@apollo/server';
import type { Request } from 'express';
import { errorFromCode, type GraphqlRequest, type GraphqlResponse, type GraphqlTransport } from '@limbic/client';
import type { RequestContext } from '../auth/request-context';

/**
 * Runs the MCP tools' GraphQL operations on the API's own Apollo server, in process, with the
 * context the /graphql route builds (`{ req }`, the caller's request). The pipeline is the
 * HTTP one minus the socket: validation rules (depth, field count), AdmissionPlugin (cost
 * budget and the tenant's rate limit, read from req's Authorization), TenantGuard on every
 * resolver, formatError. A loopback HTTP call to /graphql would check the same and add a
 * connection, a second body parse and a second key check per tool call.
 */
export class InProcessGraphqlTransport implements GraphqlTransport {
  constructor(
    private readonly apollo: ApolloServer<RequestContext>,
    private readonly req: Request,
  ) {}

  async execute(request: GraphqlRequest): Promise<GraphqlResponse> {
    const response = await this.apollo.executeOperation(
      // Through JSON, as over the wire: variables reach the resolvers exactly as /graphql's would.
      { query: request.query, operationName: request.operationName, variables: JSON.parse(JSON.stringify(request.variables)) as Record<string, unknown> },
      // A fresh context per operation: TenantGuard writes the tenant into it.
      { contextValue: { req: this.req } },
    );
    if (response.body.kind !== 'single') throw errorFromCode('INTERNAL_SERVER_ERROR', `${request.operationName ?? 'operation'}: an incremental response was not expected`);
    const { data, errors } = response.body.singleResult;
    return { data, errors: errors?.map((e) => ({ message: e.message, path: e.path, extensions: e.extensions })) };
  }
}
