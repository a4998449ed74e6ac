import { Field, Float, ObjectType, registerEnumType } from '@nestjs/graphql';
import { STATE_CAUSES, type StateCause as StoredCause } from '@limbic/graph';
import { Affect } from '../../common/graphql-types';

export const StateCause = Object.fromEntries(STATE_CAUSES.map((c) => [c, c])) as { [K in StoredCause]: K };
registerEnumType(StateCause, {
  name: 'StateCause',
  description: 'What changed the state: CREATE, OBSERVE, FEELING (setAffect), ENCODE, RECALL (its effects), RESET.',
});

@ObjectType({ description: 'The agent’s state as it was written at one moment (changes within a minute share one sample).' })
export class StateSample {
  @Field(() => Date) at!: Date;
  @Field(() => Affect, { description: 'Core affect as written.' }) affect!: Affect;
  @Field(() => Affect, { description: 'Mood as written (it relaxes toward baseline between samples).' }) mood!: Affect;
  @Field(() => Float, { description: 'Energy as written (it recovers while idle between samples).' }) energy!: number;
  @Field(() => StateCause, { description: 'The last change this sample holds.' }) cause!: StoredCause;
}
