import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { toAgent } from '../agents/agent.mapper';
import { Agent } from '../agents/dto/agent.types';
import { Tenant } from '../auth/request-context';
import { toSignalVector } from '../recall/utils/to-signal-vector';
import { FeedbackInput, FeedbackResult } from './dto/feedback.types';
import { FeedbackService } from './feedback.service';

@Resolver(() => FeedbackResult)
export class FeedbackResolver {
  constructor(private readonly feedbacks: FeedbackService) {}

  @Mutation(() => FeedbackResult, { description: 'Tells the agent how useful a recalled memory was; the weights of that recall’s query type learn from it.' })
  async feedback(@Tenant() tenantId: string, @Args('input') input: FeedbackInput): Promise<FeedbackResult> {
    const r = await this.feedbacks.give(tenantId, input);
    return { agentId: r.agentId, applied: r.applied, queryType: r.queryType, weights: toSignalVector(r.weights) };
  }

  @Mutation(() => Agent, { description: 'Forgets every weight the agent learned from feedback. Affect, mood, energy, goals and primed concepts stay.' })
  async resetWeights(@Tenant() tenantId: string, @Args('agentId', { type: () => ID }) agentId: string): Promise<Agent> {
    return toAgent(await this.feedbacks.resetWeights(tenantId, agentId));
  }
}
