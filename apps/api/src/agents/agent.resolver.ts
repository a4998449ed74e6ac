import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { toAgent } from './agent.mapper';
import { AgentService } from './agent.service';
import { Agent, CreateAgentInput } from './dto/agent.types';

@Resolver(() => Agent)
export class AgentResolver {
  constructor(private readonly agents: AgentService) {}

  @Mutation(() => Agent, { description: 'Creates the agent, or returns it unchanged if the id exists.' })
  async createAgent(@Tenant() tenantId: string, @Args('input') input: CreateAgentInput): Promise<Agent> {
    return toAgent(await this.agents.create(tenantId, input.id, input.preset));
  }

  @Query(() => Agent)
  async agent(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Agent> {
    return toAgent(await this.agents.get(tenantId, id));
  }
}
