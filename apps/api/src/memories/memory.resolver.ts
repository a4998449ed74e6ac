import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { EncodeBatchInput, EncodeBatchResult, EncodeInput, Memory } from './dto/memory.types';
import { EncodeService } from './encode.service';
import { toMemory } from './memory.mapper';
import { MemoryService } from './memory.service';

@Resolver(() => Memory)
export class MemoryResolver {
  constructor(
    private readonly encoder: EncodeService,
    private readonly memories: MemoryService,
  ) {}

  @Mutation(() => Memory, { description: 'Stores one memory (idempotent per externalId).' })
  async encode(@Tenant() tenantId: string, @Args('input') input: EncodeInput): Promise<Memory> {
    return toMemory(await this.encoder.encode(tenantId, input));
  }

  @Mutation(() => EncodeBatchResult, { description: 'Stores many memories in one transaction (idempotent per externalId).' })
  async encodeBatch(@Tenant() tenantId: string, @Args('input') input: EncodeBatchInput): Promise<EncodeBatchResult> {
    const outcomes = await this.encoder.encodeBatch(tenantId, input.agentId, input.items);
    return {
      items: outcomes.map((o) => ({ memory: toMemory(o.memory), created: o.created })),
      created: outcomes.filter((o) => o.created).length,
    };
  }

  @Query(() => Memory)
  async memory(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Memory> {
    return toMemory(await this.memories.get(tenantId, id));
  }
}
