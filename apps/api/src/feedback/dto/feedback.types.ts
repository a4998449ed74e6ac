import { Field, Float, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { SignalVector } from '../../recall/dto/recall.types';

export enum FeedbackSignal {
  USED = 'USED',
  IGNORED = 'IGNORED',
}
registerEnumType(FeedbackSignal, { name: 'FeedbackSignal', description: 'USED = +1, IGNORED = −1.' });

@InputType({ description: 'How useful one recalled memory was. Give `signal` or `score`, not both.' })
export class FeedbackInput {
  @Field(() => ID) recallId!: string;
  @Field(() => ID) memoryId!: string;
  @Field(() => FeedbackSignal, { nullable: true }) signal?: FeedbackSignal;
  @Field(() => Float, { nullable: true, description: '−1 (useless) … 1 (exactly right).' }) score?: number;
}

@ObjectType()
export class FeedbackResult {
  @Field(() => ID) agentId!: string;
  @Field(() => Boolean, { description: 'False when this memory of this recall already had feedback (nothing changed).' })
  applied!: boolean;
  @Field(() => String, { nullable: true, description: 'The recall’s query type: feedback teaches the weights of this type only.' })
  queryType!: string | null;
  @Field(() => SignalVector, {
    nullable: true,
    description: 'What a recall of that query type now starts from: its routed weights shifted by what feedback taught (before mood adaptation).',
  })
  weights!: SignalVector | null;
}

@ObjectType({ description: 'What feedback taught an agent for one query type.' })
export class LearnedWeights {
  @Field(() => String) queryType!: string;
  @Field(() => SignalVector, { description: 'Signed change per signal added to the routed weights (each within ±0.25), before renormalising.' })
  adjustment!: SignalVector;
  @Field(() => SignalVector, { description: 'The starting weights of this query type now (before mood adaptation).' })
  weights!: SignalVector;
}
