import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { REVISION_KINDS, type RevisionKind as RevisionKindName } from '@limbic/affect';
import { AffectInput } from '../../common/graphql-types';
import { JSONObject } from '../../common/json-object.scalar';

export const RevisionKind = Object.fromEntries(REVISION_KINDS.map((k) => [k, k])) as { readonly [K in RevisionKindName]: K };
registerEnumType(RevisionKind, {
  name: 'RevisionKind',
  description:
    'UPDATE: updateMemory changed fields. FORGET / RESTORE: archived by forget, brought back by restore. MERGE_INTO: consolidation merged this memory (memoryId) into relatedMemoryId. MERGED_FROM: relatedMemoryId was merged into this memory.',
});

@InputType({ description: 'What updateMemory changes; omitted (or null) fields stay as they are, except metadata and speaker, where null removes them.' })
export class MemoryPatchInput {
  @Field(() => String, { nullable: true, description: 'New text: re-embedded, relinked and re-counted for lexical recall in the same transaction.' })
  content?: string | null;
  @Field(() => [String], { nullable: true, description: 'Replaces the tags (compared as a set).' }) tags?: string[] | null;
  @Field(() => Float, { nullable: true, description: '0 … 1.' }) importance?: number | null;
  @Field(() => AffectInput, { nullable: true, description: 'The caller’s affect: final, appraisal no longer changes it. Dominance omitted keeps the stored one.' })
  affect?: AffectInput | null;
  @Field(() => JSONObject, { nullable: true, description: 'Replaces the metadata (same rules as encode); null removes it.' })
  metadata?: Record<string, unknown> | null;
  @Field(() => String, { nullable: true, description: 'Who said or did it (same rules as encode); null removes it.' })
  speaker?: string | null;
}

@ObjectType({ description: 'One change to a memory: when, which fields, their old and new values.' })
export class Revision {
  @Field(() => Date) at!: Date;
  @Field(() => RevisionKind) kind!: RevisionKindName;
  @Field(() => ID, { description: 'The memory it describes: this one, or one merged into it (its history moved here).' }) memoryId!: string;
  @Field(() => Int, { description: 'Order of writing among the revisions this memory holds.' }) seq!: number;
  @Field(() => [String], { description: 'Changed fields: content, tags, importance, affect, metadata, speaker, archived.' }) fields!: string[];
  @Field(() => JSONObject, { description: 'The changed fields’ values before, by field name.' }) before!: Record<string, unknown>;
  @Field(() => JSONObject, { description: 'The changed fields’ values after, by field name.' }) after!: Record<string, unknown>;
  @Field(() => ID, { nullable: true, description: 'The other memory of a merge.' }) relatedMemoryId!: string | null;
}
