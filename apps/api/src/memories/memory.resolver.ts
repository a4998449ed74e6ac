import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { MemoryPatchInput, Revision } from './dto/memory-update.types';
import { EncodeBatchInput, EncodeBatchResult, EncodeInput, Memory } from './dto/memory.types';
import { EncodeService } from './encode.service';
import { toMemory } from './memory.mapper';
import { MAX_REVISIONS, MemoryService } from './memory.service';
import { MemoryUpdateService } from './memory-update.service';
import { toRevision } from './revision.mapper';

@Resolver(() => Memory)
export class MemoryResolver {
  constructor(
    private readonly encoder: EncodeService,
    private readonly memories: MemoryService,
    private readonly updates: MemoryUpdateService,
  ) {}

  @Mutation(() => Memory, { description: 'Stores one memory (idempotent per externalId).' })
  async encode(@Tenant() tenantId: string, @Args('input') input: EncodeInput): Promise<Memory> {
    return toMemory(await this.encoder.encode(tenantId, input));
  }

  @Mutation(() => EncodeBatchResult, { description: 'Stores many memories in one transaction (idempotent per externalId).' })
  async encodeBatch(@Tenant() tenantId: string, @Args('input') input: EncodeBatchInput): Promise<EncodeBatchResult> {
    const outcomes = await this.encoder.encodeBatch(tenantId, input.agentId, input.items, input.now ?? null);
    return {
      items: outcomes.map((o) => ({ memory: toMemory(o.memory), created: o.created })),
      created: outcomes.filter((o) => o.created).length,
    };
  }

  @Mutation(() => Memory, {
    description: 'Corrects a memory: content (re-embedded, relinked), tags, importance, affect, metadata. Each change writes a revision; a patch that changes nothing writes none.',
  })
  async updateMemory(
    @Tenant() tenantId: string,
    @Args('id', { type: () => ID }) id: string,
    @Args('patch', { type: () => MemoryPatchInput }) patch: MemoryPatchInput,
  ): Promise<Memory> {
    return toMemory(await this.updates.update(tenantId, id, patch));
  }

  @Query(() => Memory, { description: 'A memory by id; an id consolidation merged away answers the memory it was merged into (see redirectedFrom).' })
  async memory(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Memory> {
    const found = await this.memories.find(tenantId, id);
    return { ...toMemory(found.memory), redirectedFrom: found.redirectedFrom };
  }

  @ResolveField(() => [Revision], { description: `Its changes, newest first (at most ${MAX_REVISIONS}): its own and those of memories merged into it.` })
  async revisions(
    @Tenant() tenantId: string,
    @Parent() memory: Memory,
    @Args('first', { type: () => Int, defaultValue: 20 }) first: number,
  ): Promise<Revision[]> {
    return (await this.memories.listRevisions(tenantId, memory.id, first)).map(toRevision);
  }
}
