import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { EncodeInput, Memory } from './dto/memory.types';
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

  @Query(() => Memory)
  async memory(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Memory> {
    return toMemory(await this.memories.get(tenantId, id));
  }
}
