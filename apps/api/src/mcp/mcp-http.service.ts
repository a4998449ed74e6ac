import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { ApolloDriver } from '@nestjs/apollo';
import type { ApolloServer } from '@apollo/server';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { LimbicClient } from '@limbic/client';
import { createLimbicMcpServer } from '@limbic/mcp';
import type { RequestContext } from '../auth/request-context';
import { InProcessGraphqlTransport } from './in-process-graphql.transport';

/**
 * Streamable HTTP in the SDK's stateless mode: each POST gets its own server and transport,
 * so nothing outlives a request and any API instance can answer any request (no session
 * affinity behind a load balancer). The tools keep no state worth a session: agent creation
 * is idempotent, and the ids a model needs (memory, recall) travel in the results.
 */
@Injectable()
export class McpHttpService {
  private readonly log = new Logger('MCP');

  constructor(private readonly modules: ModuleRef) {}

  /** `defaultAgentId` comes from the URL (`/mcp?agent=…`): HTTP MCP configs can set a URL but rarely arguments. */
  async handle(req: Request, res: Response, defaultAgentId: string | undefined): Promise<void> {
    const client = new LimbicClient({ transport: new InProcessGraphqlTransport(this.apollo(), req) });
    const server = createLimbicMcpServer(client, { agentId: defaultAgentId });
    // JSON responses: every tool answers once, so there is nothing to stream.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    transport.onerror = (err) => this.log.debug(`transport: ${err.message}`);
    res.on('close', () => {
      server.close().catch((err: unknown) => this.log.warn(`close: ${String(err)}`));
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  // Looked up per request, not at construction: the Apollo server exists once GraphQLModule has started.
  private apollo(): ApolloServer<RequestContext> {
    const graphql = this.modules.get<GraphQLModule<ApolloDriver>>(GraphQLModule, { strict: false });
    // The driver types its server with Apollo's empty BaseContext; app.module's context builds a RequestContext.
    return graphql.graphQlAdapter.instance as unknown as ApolloServer<RequestContext>;
  }
}
