import { Field, Float, ID, InputType, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Affect } from '../../common/graphql-types';

export enum AgentPreset {
  personal = 'personal',
  enterprise = 'enterprise',
  agent = 'agent',
  academic = 'academic',
  npc = 'npc',
}
registerEnumType(AgentPreset, { name: 'AgentPreset', description: 'A documented set of memory parameters.' });

@InputType()
export class CreateAgentInput {
  @Field(() => ID, { description: 'Chosen by the caller; unique within the tenant.' }) id!: string;
  @Field(() => AgentPreset, { defaultValue: AgentPreset.agent }) preset!: AgentPreset;
}

@ObjectType()
export class Agent {
  @Field(() => ID) id!: string;
  @Field(() => AgentPreset) preset!: AgentPreset;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Affect, { description: 'Core affect now.' }) affect!: Affect;
  @Field(() => Affect, { description: 'Mood (slow average of core affect).' }) mood!: Affect;
  @Field(() => Float, { description: '0 … 1; depletes with use, recovers while idle.' }) energy!: number;
}
