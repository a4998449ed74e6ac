import { Field, Float, InputType, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A point in valence–arousal–dominance space.' })
export class Affect {
  @Field(() => Float, { description: 'Pleasantness, −1 … 1.' }) valence!: number;
  @Field(() => Float, { description: 'Activation, 0 … 1.' }) arousal!: number;
  @Field(() => Float, { description: 'Sense of control, 0 … 1.' }) dominance!: number;
}

@InputType()
export class AffectInput {
  @Field(() => Float) valence!: number;
  @Field(() => Float) arousal!: number;
  @Field(() => Float, { nullable: true, description: 'Defaults to 0.5.' }) dominance?: number;
}

export function toAffect(v: readonly number[]): Affect {
  return { valence: v[0] ?? 0, arousal: v[1] ?? 0, dominance: v[2] ?? 0.5 };
}
