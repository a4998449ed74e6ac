import { Args, Int, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { toAgent } from '../agents/agent.mapper';
import { Tenant } from '../auth/request-context';
import { BrowseService, DEFAULT_PAGE, MAX_PAGE } from './browse.service';
import { AgentConnection } from './dto/connection.types';

@Resolver(() => AgentConnection)
export class AgentListResolver {
  constructor(private readonly browse: BrowseService) {}

  @Query(() => AgentConnection, { description: 'The tenant’s agents, a page at a time, by id.' })
  async agents(
    @Tenant() tenantId: string,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE, description: `1 … ${MAX_PAGE}.` }) first: number,
    @Args('after', { type: () => String, nullable: true, description: 'The endCursor of the previous page.' }) after: string | null,
  ): Promise<AgentConnection> {
    const page = await this.browse.agents(tenantId, first, after);
    const now = Date.now();
    return {
      edges: page.items.map((e) => ({ cursor: e.cursor, node: toAgent(e.node, now) })),
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  }

  @ResolveField(() => Int, { description: 'How many agents the tenant has (counted only when selected).' })
  totalCount(@Tenant() tenantId: string): Promise<number> {
    return this.browse.agentCount(tenantId);
  }
}
