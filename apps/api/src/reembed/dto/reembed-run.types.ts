import { Field, Float, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum ReembedPhaseGql {
  BUILDING = 'building',
  EMBEDDING = 'embedding',
  SWITCHING = 'switching',
  CLEANING = 'cleaning',
  DONE = 'done',
  FAILED = 'failed',
}
registerEnumType(ReembedPhaseGql, {
  name: 'ReembedPhase',
  description: 'BUILDING the target index, EMBEDDING into the inactive slot, SWITCHING recall to it, CLEANING the old slot; DONE or FAILED.',
});

@ObjectType({ description: 'A re-embed run of the caller’s tenant (`npm run reembed`): recall reads the old model until the switch.' })
export class ReembedRun {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'The model the tenant was on when the run started.' }) sourceModel!: string;
  @Field(() => String, { description: 'The model the run moves the tenant to.' }) targetModel!: string;
  @Field(() => Int) targetDimension!: number;
  @Field(() => ReembedPhaseGql) phase!: ReembedPhaseGql;
  @Field(() => Int, { description: 'Memories given the target model’s vector so far (memories encoded during the run count too).' }) embedded!: number;
  @Field(() => Int, { description: 'Memories of the tenant when the run started.' }) total!: number;
  @Field(() => Int) goals!: number;
  @Field(() => Int) totalGoals!: number;
  @Field(() => Float, { description: '0 … 1, as the CLI’s progress bar and the limbic_reembed_progress metric.' }) progress!: number;
  @Field(() => Date) startedAt!: Date;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => Date, { nullable: true }) switchedAt!: Date | null;
  @Field(() => Date, { nullable: true }) finishedAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'Why a FAILED run failed.' }) error!: string | null;
}
