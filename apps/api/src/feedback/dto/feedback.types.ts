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
  @Field(() => SignalVector, { nullable: true, description: 'The agent’s learned weights now.' }) weights!: SignalVector | null;
}
