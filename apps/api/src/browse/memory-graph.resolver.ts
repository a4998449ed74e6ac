import { Args, Context, Float, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { MemoryDetailsRecord, NeighbourRecord } from '@limbic/graph';
import { Momentum } from '../agents/dto/agent.types';
import { Tenant, type RequestContext } from '../auth/request-context';
import { Affect, toAffect } from '../common/graphql-types';
import { Memory } from '../memories/dto/memory.types';
import { toMemory } from '../memories/memory.mapper';
import { BrowseService, DEFAULT_NEIGHBOURS, MAX_NEIGHBOURS } from './browse.service';
import { EdgeType, MemoryNeighbour } from './dto/memory-graph.types';
import { BatchLoader, loaderFor } from './utils/request-batch';

/**
 * What the graph holds about a memory beyond the row every read returns. Resolved only when
 * selected, and then for all memories of the response at once (one query per field group and
 * tree level), so recall, encode and listings pay nothing for fields nobody asked for.
 */
@Resolver(() => Memory)
export class MemoryGraphResolver {
  constructor(private readonly browse: BrowseService) {}

  @ResolveField(() => Affect, { nullable: true, description: 'The agent’s mood when the memory was encoded.' })
  async moodAtEncoding(@Tenant() tenantId: string, @Context() ctx: RequestContext, @Parent() m: Memory): Promise<Affect | null> {
    const v = (await this.details(tenantId, ctx, m.id))?.moodAtEncoding;
    return v ? toAffect(v) : null;
  }

  @ResolveField(() => Momentum, { nullable: true, description: 'The agent’s momentum (affect velocity per hour) when the memory was encoded.' })
  async momentumAtEncoding(@Tenant() tenantId: string, @Context() ctx: RequestContext, @Parent() m: Memory): Promise<Momentum | null> {
    const v = (await this.details(tenantId, ctx, m.id))?.momentumAtEncoding;
    return v ? { dv: v[0] ?? 0, da: v[1] ?? 0, dd: v[2] ?? 0 } : null;
  }

  @ResolveField(() => Float, { nullable: true, description: 'Consolidation strength at encoding, 0.1 … 1 (an inverted U of arousal).' })
  async consolidation(@Tenant() tenantId: string, @Context() ctx: RequestContext, @Parent() m: Memory): Promise<number | null> {
    return (await this.details(tenantId, ctx, m.id))?.consolidation ?? null;
  }

  @ResolveField(() => Float, { nullable: true, description: 'Review stability, 1 … 50: stretches the review schedule (1 h, 1 d, 7 d, 30 d × stability); each review raises it.' })
  async stability(@Tenant() tenantId: string, @Context() ctx: RequestContext, @Parent() m: Memory): Promise<number | null> {
    return (await this.details(tenantId, ctx, m.id))?.stability ?? null;
  }

  @ResolveField(() => Int, { description: 'Consolidation reviews so far.' })
  async reviewCount(@Tenant() tenantId: string, @Context() ctx: RequestContext, @Parent() m: Memory): Promise<number> {
    return (await this.details(tenantId, ctx, m.id))?.reviewCount ?? 0;
  }

  @ResolveField(() => Date, { nullable: true, description: 'When consolidation reviews it next; null when archived or not scheduled.' })
  async nextReviewAt(@Tenant() tenantId: string, @Context() ctx: RequestContext, @Parent() m: Memory): Promise<Date | null> {
    const at = (await this.details(tenantId, ctx, m.id))?.nextReviewAt;
    return at === null || at === undefined ? null : new Date(at);
  }

  @ResolveField(() => Date, { nullable: true, description: 'When a recall last returned it; null if never.' })
  async lastAccessedAt(@Tenant() tenantId: string, @Context() ctx: RequestContext, @Parent() m: Memory): Promise<Date | null> {
    const at = (await this.details(tenantId, ctx, m.id))?.lastAccessedAt;
    return at === null || at === undefined ? null : new Date(at);
  }

  @ResolveField(() => [MemoryNeighbour], { description: 'Its strongest resonance edges (either direction), strongest first, with the memories at their other ends.' })
  async neighbours(
    @Tenant() tenantId: string,
    @Context() ctx: RequestContext,
    @Parent() m: Memory,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_NEIGHBOURS, description: `1 … ${MAX_NEIGHBOURS}.` }) first: number,
    @Args('types', { type: () => [EdgeType], nullable: true, description: 'Only these edge types; all when absent or empty.' }) types: EdgeType[] | null,
  ): Promise<MemoryNeighbour[]> {
    const args = this.browse.neighbourArgs(first, types);
    const loader = loaderFor(ctx, `neighbours:${args.first}:${args.types.join(',')}`, () =>
      new BatchLoader<string, NeighbourRecord[]>((ids) => this.browse.neighbours(tenantId, ids, args.types, args.first)),
    );
    const found = (await loader.load(m.id)) ?? [];
    return found.map((n) => ({
      type: n.type as EdgeType,
      weight: n.weight,
      outgoing: n.outgoing,
      coActivations: n.coActivations,
      createdAt: n.createdAt === null ? null : new Date(n.createdAt),
      strengthenedAt: n.strengthenedAt === null ? null : new Date(n.strengthenedAt),
      memory: toMemory(n.memory),
    }));
  }

  private details(tenantId: string, ctx: RequestContext, memoryId: string): Promise<MemoryDetailsRecord | undefined> {
    return loaderFor(ctx, 'details', () => new BatchLoader<string, MemoryDetailsRecord>((ids) => this.browse.details(tenantId, ids))).load(memoryId);
  }
}
