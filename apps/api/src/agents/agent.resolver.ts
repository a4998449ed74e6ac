import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { AffectInput } from '../common/graphql-types';
import { toAgent } from './agent.mapper';
import { AgentService } from './agent.service';
import { Agent, CreateAgentInput, Goal, GoalInput, PrimedConcept, UpdateAgentInput } from './dto/agent.types';
import { StateSample } from './dto/state-sample.types';

@Resolver(() => Agent)
export class AgentResolver {
  constructor(private readonly agents: AgentService) {}

  @Mutation(() => Agent, { description: 'Creates the agent, or returns it unchanged if the id exists with the same preset (a different one is BAD_USER_INPUT).' })
  async createAgent(@Tenant() tenantId: string, @Args('input') input: CreateAgentInput): Promise<Agent> {
    return toAgent(await this.agents.create(tenantId, input.id, input.preset ?? null, input.timeZone ?? null));
  }

  @Mutation(() => Agent, { description: 'Changes what a user set on an agent (its preset, its time zone); its memories and state stay.' })
  async updateAgent(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string, @Args('input') input: UpdateAgentInput): Promise<Agent> {
    return toAgent(await this.agents.update(tenantId, id, input));
  }

  @Query(() => Agent)
  async agent(@Tenant() tenantId: string, @Args('id', { type: () => ID }) id: string): Promise<Agent> {
    return toAgent(await this.agents.get(tenantId, id));
  }

  @Mutation(() => Agent, { description: 'Sets core affect explicitly; momentum and mood follow.' })
  async setAffect(
    @Tenant() tenantId: string,
    @Args('agentId', { type: () => ID }) agentId: string,
    @Args('affect') affect: AffectInput,
  ): Promise<Agent> {
    return toAgent(await this.agents.setAffect(tenantId, agentId, affect));
  }

  @Mutation(() => Agent, { description: 'The agent perceives a text: the appraiser moves its affect, mood, momentum and energy.' })
  async observe(
    @Tenant() tenantId: string,
    @Args('agentId', { type: () => ID }) agentId: string,
    @Args('text') text: string,
    @Args('now', { type: () => Date, nullable: true, description: 'The moment it is observed at; defaults to now. Lets callers replay history.' }) now: Date | null,
  ): Promise<Agent> {
    return toAgent(await this.agents.observe(tenantId, agentId, text, now), now?.getTime() ?? Date.now());
  }

  @Mutation(() => Agent, { description: 'Replaces the agent’s goals (each is embedded for goal relevance).' })
  async setGoals(
    @Tenant() tenantId: string,
    @Args('agentId', { type: () => ID }) agentId: string,
    @Args('goals', { type: () => [GoalInput] }) goals: GoalInput[],
  ): Promise<Agent> {
    return toAgent(await this.agents.setGoals(tenantId, agentId, goals));
  }

  @Mutation(() => Agent, { description: 'Neutral affect, baseline mood, full energy, no primed concepts, no learned weights. Goals stay.' })
  async resetState(@Tenant() tenantId: string, @Args('agentId', { type: () => ID }) agentId: string): Promise<Agent> {
    return toAgent(await this.agents.resetState(tenantId, agentId));
  }

  @ResolveField(() => [Goal])
  goals(@Tenant() tenantId: string, @Parent() agent: Agent): Promise<Goal[]> {
    return this.agents.goals(tenantId, agent.id);
  }

  @ResolveField(() => [PrimedConcept])
  primedConcepts(@Tenant() tenantId: string, @Parent() agent: Agent): Promise<PrimedConcept[]> {
    return this.agents.primed(tenantId, agent.id);
  }

  @ResolveField(() => [StateSample], {
    description: 'How the agent’s state moved, oldest first: the newest `first` samples at or after `since` (bounded: LIMBIC_STATE_HISTORY_SIZE per agent).',
  })
  stateHistory(
    @Tenant() tenantId: string,
    @Parent() agent: Agent,
    @Args('since', { type: () => Date, nullable: true }) since: Date | null,
    @Args('first', { type: () => Int, defaultValue: 200, description: '1 … 1440.' }) first: number,
  ): Promise<StateSample[]> {
    return this.agents.stateHistory(tenantId, agent.id, since, first);
  }
}
