import { Field, InputType, registerEnumType } from '@nestjs/graphql';
import { JSONObject } from '../../common/json-object.scalar';

@InputType({ description: 'Which memories: every condition given must hold; none given means all.' })
export class MemoryFilterInput {
  @Field(() => String, { nullable: true, description: 'Exactly this scope.' }) scope?: string;
  @Field(() => [String], { nullable: true, description: 'At least one of these tags.' }) tagsAny?: string[];
  @Field(() => [String], { nullable: true, description: 'All of these tags.' }) tagsAll?: string[];
  @Field(() => Date, { nullable: true, description: 'occurredAt at or after this instant.' }) occurredAfter?: Date;
  @Field(() => Date, { nullable: true, description: 'occurredAt before this instant.' }) occurredBefore?: Date;
  @Field(() => JSONObject, {
    nullable: true,
    description: 'Each key equals its value in the memory’s metadata (top-level keys; values string, number, boolean or null), e.g. {"source": "chat"}.',
  })
  metadata?: Record<string, unknown>;
}

export enum ArchivedFilter {
  LIVE = 'LIVE',
  ARCHIVED = 'ARCHIVED',
  ALL = 'ALL',
}
registerEnumType(ArchivedFilter, { name: 'ArchivedFilter', description: 'LIVE: not archived (recall’s view); ARCHIVED: archived only; ALL: both.' });

@InputType({ description: 'A MemoryFilter for listing, which can also see archived memories and match text.' })
export class MemoryListFilterInput extends MemoryFilterInput {
  @Field(() => ArchivedFilter, { nullable: true, defaultValue: ArchivedFilter.LIVE }) archived?: ArchivedFilter;
  @Field(() => String, { nullable: true, description: 'Content contains this text (case-insensitive).' }) contains?: string;
}
