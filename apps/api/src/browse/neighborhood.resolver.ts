import { Args, ID, Int, Query, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { toMemory } from '../memories/memory.mapper';
import { BrowseService, DEFAULT_NEIGHBORHOOD_DEPTH, DEFAULT_NEIGHBORHOOD_NODES, MAX_NEIGHBORHOOD_DEPTH, MAX_NEIGHBORHOOD_NODES } from './browse.service';
import { EdgeType, Neighborhood } from './dto/memory-graph.types';

@Resolver(() => Neighborhood)
export class NeighborhoodResolver {
  constructor(private readonly browse: BrowseService) {}

  @Query(() => Neighborhood, { description: 'A bounded subgraph around one memory: the memories within depth edges and the edges among them.' })
  async neighborhood(
    @Tenant() tenantId: string,
    @Args('memoryId', { type: () => ID }) memoryId: string,
    @Args('depth', { type: () => Int, defaultValue: DEFAULT_NEIGHBORHOOD_DEPTH, description: `1 … ${MAX_NEIGHBORHOOD_DEPTH} edges from the centre.` }) depth: number,
    @Args('types', { type: () => [EdgeType], nullable: true, description: 'Only these edge types; all when absent or empty.' }) types: EdgeType[] | null,
    @Args('maxNodes', { type: () => Int, defaultValue: DEFAULT_NEIGHBORHOOD_NODES, description: `1 … ${MAX_NEIGHBORHOOD_NODES}, the centre included.` }) maxNodes: number,
  ): Promise<Neighborhood> {
    const n = await this.browse.neighborhood(tenantId, memoryId, depth, types, maxNodes);
    return {
      centerId: n.center.id,
      nodes: n.nodes.map((x) => ({ memory: toMemory(x.memory), hops: x.hops })),
      edges: n.edges.map((e) => ({ from: e.from, to: e.to, type: e.type as EdgeType, weight: e.weight })),
      truncated: n.truncated,
    };
  }
}
