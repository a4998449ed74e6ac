import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { Memory } from '../memories/dto/memory.types';
import { toMemory } from '../memories/memory.mapper';
import { AgentExportLink, DeleteAgentResult, ForgetMode, ForgetResult } from './dto/lifecycle.types';
import { LifecycleService } from './services/lifecycle.service';
import { DeleteAgentService } from './services/delete-agent.service';
import { ForgetService } from './services/forget.service';

@Resolver()
export class LifecycleResolver {
  constructor(
    private readonly forgetting: ForgetService,
    private readonly deletion: DeleteAgentService,
    private readonly lifecycle: LifecycleService,
  ) {}

  @Mutation(() => ForgetResult, { description: 'Archives a memory (restorable), or with hard: true deletes it and its edges.' })
  async forget(
    @Tenant() tenantId: string,
    @Args('memoryId', { type: () => ID }) memoryId: string,
    @Args('hard', { type: () => Boolean, nullable: true, defaultValue: false }) hard: boolean | null,
  ): Promise<ForgetResult> {
    const outcome = await this.forgetting.forget(tenantId, memoryId, hard === true);
    return outcome.mode === 'ARCHIVED'
      ? { memoryId, mode: ForgetMode.ARCHIVED, memory: toMemory(outcome.memory), edgesRemoved: 0, chainRepaired: false }
      : { memoryId, mode: ForgetMode.DELETED, memory: null, edgesRemoved: outcome.edgesRemoved, chainRepaired: outcome.chainRepaired };
  }

  @Mutation(() => Memory, { description: 'Brings an archived memory back into recall.' })
  async restore(@Tenant() tenantId: string, @Args('memoryId', { type: () => ID }) memoryId: string): Promise<Memory> {
    return toMemory(await this.forgetting.restore(tenantId, memoryId));
  }

  @Mutation(() => DeleteAgentResult, { description: 'Deletes the agent and everything it owns; its queued jobs become no-ops.' })
  async deleteAgent(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<DeleteAgentResult> {
    return this.deletion.deleteAgent(tenantId, id);
  }

  @Query(() => AgentExportLink, { description: 'Where to stream the agent’s JSON Lines export (GET /agents/:id/export).' })
  async exportAgent(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<AgentExportLink> {
    return this.lifecycle.exportLink(tenantId, id);
  }
}
