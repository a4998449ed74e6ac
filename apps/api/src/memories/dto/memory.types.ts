import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import { AffectInput } from '../../common/graphql-types';
import { JSONObject } from '../../common/json-object.scalar';

@ObjectType()
export class Memory {
  @Field(() => ID) id!: string;
  @Field(() => ID) agentId!: string;
  @Field(() => String, { nullable: true, description: 'The caller’s idempotency key, unique per agent.' })
  externalId!: string | null;
  @Field(() => String) content!: string;
  @Field(() => Date) occurredAt!: Date;
  @Field(() => Date) encodedAt!: Date;
  @Field(() => Float) valence!: number;
  @Field(() => Float) arousal!: number;
  @Field(() => Float) dominance!: number;
  @Field(() => Float) importance!: number;
  @Field(() => [String]) tags!: string[];
  @Field(() => Int) accessCount!: number;
  @Field(() => Boolean, { description: 'True until the worker has appraised the memory.' }) pendingAppraisal!: boolean;
  @Field(() => Boolean) archived!: boolean;
  @Field(() => String, { nullable: true, description: 'The embedder that made its vector, e.g. `local:bge-small-en-v1.5`; null if stored before models were recorded.' })
  embeddingModel!: string | null;
  @Field(() => String, { nullable: true, description: 'The user, session or conversation within the agent it belongs to; null when unscoped.' })
  scope!: string | null;
  @Field(() => JSONObject, { nullable: true, description: 'The caller’s metadata (a small JSON object), as stored.' })
  metadata!: Record<string, unknown> | null;
  @Field(() => ID, { nullable: true, description: 'Set when memory(id) was asked for an id consolidation merged into this memory: the id asked for.' })
  redirectedFrom?: string | null;
  @Field(() => Boolean, {
    description: 'True when the caller gave the affect at encode: appraisal keeps it (LIMBIC_GIVEN_AFFECT_TRUST). False when Limbic inferred it.',
  })
  affectGiven!: boolean;
  @Field(() => Float, { nullable: true, description: 'Hour of day it happened (occurredAt) in the agent’s time zone, 0 ≤ h < 24 (23.5 is 23:30); null if stored before hours were recorded.' })
  hourOfDay!: number | null;
  @Field(() => Date, { nullable: true, description: 'Start of the agent session it was encoded in; null if stored before sessions.' })
  sessionStartedAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'Who said or did it, as encode named them; null when not given.' })
  speaker!: string | null;
}

@InputType()
export class EncodeInput {
  @Field(() => ID, { nullable: true, description: 'Required for encode; in encodeBatch omit it or repeat the batch agentId.' })
  agentId!: string;
  @Field(() => String) content!: string;
  @Field(() => Date, { nullable: true, description: 'When it happened; defaults to now.' }) occurredAt?: Date;
  @Field(() => Date, {
    nullable: true,
    description: 'The moment of the encode call (its interaction and session, its encodedAt); defaults to now. Lets callers replay history. In encodeBatch use the batch’s now.',
  })
  now?: Date;
  @Field(() => AffectInput, { nullable: true, description: 'Explicit affect; otherwise estimated.' }) affect?: AffectInput;
  @Field(() => Float, { nullable: true, description: '0 … 1; otherwise estimated from the text.' }) importance?: number;
  @Field(() => [String], { nullable: true }) tags?: string[];
  @Field(() => String, { nullable: true, description: 'Idempotency key: encoding it again returns the first memory.' })
  externalId?: string;
  @Field(() => String, { nullable: true, description: 'A user, session or conversation id within the agent (1–128 of A–Z a–z 0–9 . _ : @ -); recall and memories can filter by it.' })
  scope?: string;
  @Field(() => JSONObject, { nullable: true, description: 'A small JSON object kept with the memory: ≤ 4 KiB, ≤ 4 levels, ≤ 64 keys per object; top-level scalar values are filterable.' })
  metadata?: Record<string, unknown>;
  @Field(() => String, {
    nullable: true,
    description: 'Who said or did it: a person’s name or a role such as "user" (1–64 characters, at least one letter or digit). A recall whose query names the speaker (any word of the name) ranks that speaker’s memories higher.',
  })
  speaker?: string;
}

@InputType()
export class EncodeBatchInput {
  @Field(() => ID) agentId!: string;
  @Field(() => [EncodeInput], { description: 'Up to 500 items (LIMBIC_MAX_BATCH_ITEMS), linked in occurredAt order.' })
  items!: EncodeInput[];
  @Field(() => Date, { nullable: true, description: 'The moment of the call (its interaction and session, encodedAt); defaults to now. Lets callers replay history.' })
  now?: Date;
}

@ObjectType()
export class EncodeBatchItem {
  @Field(() => Memory) memory!: Memory;
  @Field(() => Boolean, { description: 'False when the externalId was already stored (nothing was written).' }) created!: boolean;
}

@ObjectType()
export class EncodeBatchResult {
  @Field(() => [EncodeBatchItem], { description: 'In input order.' }) items!: EncodeBatchItem[];
  @Field(() => Int) created!: number;
}
