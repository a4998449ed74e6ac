import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { Memory } from '../../memories/dto/memory.types';

@InputType()
export class RecallInput {
  @Field(() => ID) agentId!: string;
  @Field(() => String) query!: string;
  @Field(() => Int, { nullable: true, defaultValue: 10, description: '1 … 100.' }) topK?: number;
  @Field(() => Date, { nullable: true, description: 'The moment to recall at; defaults to now. Lets callers replay history.' })
  now?: Date;
}

@ObjectType()
export class RecallItem {
  @Field(() => Memory) memory!: Memory;
  @Field(() => Float) score!: number;
  @Field(() => Int, { description: '1-based.' }) rank!: number;
}

@ObjectType()
export class RecallResult {
  @Field(() => ID, { description: 'Identifies this recall for feedback and its effects job.' }) recallId!: string;
  @Field(() => [RecallItem]) items!: RecallItem[];
  @Field(() => Float) tookMs!: number;
}
