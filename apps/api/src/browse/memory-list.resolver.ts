import { Args, ID, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { MemoryListFilterInput } from '../memories/dto/memory-filter.types';
import { toMemory } from '../memories/memory.mapper';
import { BrowseService, DEFAULT_PAGE, MAX_PAGE } from './browse.service';
import { MemoryConnection, MemoryOrder } from './dto/connection.types';

@Resolver(() => MemoryConnection)
export class MemoryListResolver {
  constructor(private readonly browse: BrowseService) {}

  @Query(() => MemoryConnection, { description: 'An agent’s memories, a page at a time, in occurredAt order, optionally filtered (live ones by default).' })
  async memories(
    @Tenant() tenantId: string,
    @Args('agentId', { type: () => ID }) agentId: string,
    @Args('filter', { type: () => MemoryListFilterInput, nullable: true }) filter: MemoryListFilterInput | null,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE, description: `1 … ${MAX_PAGE}.` }) first: number,
    @Args('after', { type: () => String, nullable: true, description: 'The endCursor of the previous page.' }) after: string | null,
    @Args('order', { type: () => MemoryOrder, defaultValue: MemoryOrder.OCCURRED_AT_DESC }) order: MemoryOrder,
  ): Promise<MemoryConnection> {
    const { page, filter: counted } = await this.browse.memories(tenantId, { agentId, filter, first, after, order });
    return {
      edges: page.items.map((e) => ({ cursor: e.cursor, node: toMemory(e.node) })),
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      counted: { tenantId, agentId, filter: counted },
    };
  }

  @ResolveField(() => Int, { description: 'How many memories match the filter, over all pages (counted only when selected).' })
  totalCount(@Parent() connection: MemoryConnection): Promise<number> {
    const { tenantId, agentId, filter } = connection.counted;
    return this.browse.memoryCount(tenantId, agentId, filter);
  }
}
