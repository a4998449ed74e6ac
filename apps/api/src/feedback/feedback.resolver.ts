import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Tenant } from '../auth/request-context';
import { toSignalVector } from '../recall/utils/to-signal-vector';
import { FeedbackInput, FeedbackResult } from './dto/feedback.types';
import { FeedbackService } from './feedback.service';

@Resolver(() => FeedbackResult)
export class FeedbackResolver {
  constructor(private readonly feedbacks: FeedbackService) {}

  @Mutation(() => FeedbackResult, { description: 'Tells the agent how useful a recalled memory was; its recall weights learn from it.' })
  async feedback(@Tenant() tenantId: string, @Args('input') input: FeedbackInput): Promise<FeedbackResult> {
    const r = await this.feedbacks.give(tenantId, input);
    return { agentId: r.agentId, applied: r.applied, weights: r.weights ? toSignalVector(r.weights) : null };
  }
}
