import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Affect } from '../../common/graphql-types';
import { SignalVector } from '../../recall/dto/recall.types';
import { LearnedWeights } from '../../feedback/dto/feedback.types';

export enum AgentPreset {
  personal = 'personal',
  enterprise = 'enterprise',
  agent = 'agent',
  academic = 'academic',
  npc = 'npc',
}
registerEnumType(AgentPreset, {
  name: 'AgentPreset',
  description: 'A documented set of memory parameters (see README: profile, decay, spreading, consolidation pace).',
});

@InputType()
export class CreateAgentInput {
  @Field(() => ID, { description: 'Chosen by the caller; unique within the tenant.' }) id!: string;
  @Field(() => AgentPreset, {
    nullable: true,
    description: 'Default agent. For an id that exists it must be the agent’s preset (BAD_USER_INPUT otherwise; updateAgent changes it) or omitted.',
  })
  preset?: AgentPreset | null;
  @Field(() => String, {
    nullable: true,
    description: 'IANA time zone (`Europe/Paris`) for the hour of day memories record; default UTC. For an id that exists it is ignored (updateAgent changes it).',
  })
  timeZone?: string | null;
}

@InputType({ description: 'What updateAgent changes; omitted fields stay.' })
export class UpdateAgentInput {
  @Field(() => AgentPreset, { nullable: true, description: 'The agent’s parameters from now on (mood inertia, decay, spreading, review pace, energy, session gap).' })
  preset?: AgentPreset | null;
  @Field(() => String, { nullable: true, description: 'IANA time zone for the hour of day of memories encoded from now on (stored hours stay).' })
  timeZone?: string | null;
}

@InputType()
export class GoalInput {
  @Field(() => String) name!: string;
  @Field(() => Float, { defaultValue: 0.5, description: '0 … 1.' }) priority!: number;
}

@ObjectType({ description: 'Velocity of core affect per hour.' })
export class Momentum {
  @Field(() => Float) dv!: number;
  @Field(() => Float) da!: number;
  @Field(() => Float) dd!: number;
}

@ObjectType()
export class Goal {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Float) priority!: number;
}

@ObjectType({ description: 'Attention residue: a concept the agent recently thought about.' })
export class PrimedConcept {
  @Field(() => String) name!: string;
  @Field(() => Float, { description: 'Activation now (halves every 30 minutes).' }) activation!: number;
}

@ObjectType({ description: 'The run of interactions (observe, encode, recall) with no idle gap longer than the preset’s session gap.' })
export class AgentSession {
  @Field(() => Date) startedAt!: Date;
  @Field(() => Int, { description: 'Interactions in it so far.' }) interactions!: number;
  @Field(() => Float, { description: 'Minutes from its start to now.' }) minutes!: number;
}

@ObjectType()
export class Agent {
  @Field(() => ID) id!: string;
  @Field(() => AgentPreset) preset!: AgentPreset;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Affect, { description: 'Core affect now.' }) affect!: Affect;
  @Field(() => Affect, { description: 'Mood now (slow average of core affect, relaxed to the present).' }) mood!: Affect;
  @Field(() => Momentum) momentum!: Momentum;
  @Field(() => Float, { description: '0 … 1 now; depletes with use, recovers while idle.' }) energy!: number;
  @Field(() => String, { description: 'IANA time zone of the hours of day memories record (default UTC).' }) timeZone!: string;
  @Field(() => AgentSession, { nullable: true, description: 'The session open now; null before the first interaction or after an idle gap (the next interaction starts one).' })
  session!: AgentSession | null;
  @Field(() => Float, { nullable: true, description: 'Minutes since the last interaction; null before the first.' })
  sinceLastInteractionMinutes!: number | null;
  @Field(() => SignalVector, {
    nullable: true,
    description: 'Starting weights of open queries after learning; null until the agent has learned any.',
    deprecationReason: 'Learning is per query type: use learnedWeights.',
  })
  weights!: SignalVector | null;
  @Field(() => [LearnedWeights], { description: 'What feedback taught, per query type (empty until any feedback; resetWeights clears it).' })
  learnedWeights!: LearnedWeights[];
}
