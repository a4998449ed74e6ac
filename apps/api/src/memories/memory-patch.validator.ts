import type { Limits } from '@limbic/config';
import type { Metadata } from '@limbic/graph';
import { badInput } from '../common/api-error';
import { requireRange, requireText } from '../common/validate';
import type { MemoryPatchInput } from './dto/memory-update.types';
import { requireSpeaker, requireTags } from './encode-input.validator';
import { requireMetadata } from './metadata.validator';

/** A checked patch. Affect's dominance may be left to the stored value; everything else is final. */
export interface ValidPatch {
  readonly content?: string;
  readonly tags?: readonly string[];
  readonly importance?: number;
  readonly affect?: { readonly valence: number; readonly arousal: number; readonly dominance: number | null };
  /** null: remove the metadata. */
  readonly metadata?: Metadata | null;
  /** null: remove the speaker. */
  readonly speaker?: string | null;
}

const PATCHABLE = 'content, tags, importance, affect, metadata, speaker';

/**
 * Rejects bad input before anything is embedded or written, with encode's rules for each field.
 * Null means "not given", but for metadata and speaker, where it removes what is stored; a patch that gives
 * nothing is BAD_USER_INPUT.
 */
export function validatePatch(input: MemoryPatchInput | null | undefined, limits: Limits): ValidPatch {
  const given = <T>(v: T | null | undefined): v is T => v !== undefined && v !== null;
  const patch: { -readonly [K in keyof ValidPatch]: ValidPatch[K] } = {};
  if (!input) throw badInput('patch', `must change at least one of ${PATCHABLE}`);
  if (given(input.content)) patch.content = requireText('patch.content', input.content, limits.maxContentBytes);
  if (given(input.tags)) patch.tags = requireTags('patch.tags', input.tags, limits.maxTags);
  if (given(input.importance)) patch.importance = requireRange('patch.importance', input.importance, 0, 1);
  if (given(input.affect)) {
    const { valence, arousal, dominance } = input.affect;
    patch.affect = {
      valence: requireRange('patch.affect.valence', valence, -1, 1),
      arousal: requireRange('patch.affect.arousal', arousal, 0, 1),
      dominance: given(dominance) ? requireRange('patch.affect.dominance', dominance, 0, 1) : null,
    };
  }
  if (input.metadata !== undefined) patch.metadata = input.metadata === null ? null : requireMetadata('patch.metadata', input.metadata);
  if (input.speaker !== undefined) patch.speaker = input.speaker === null ? null : requireSpeaker('patch.speaker', input.speaker);
  if (Object.keys(patch).length === 0) throw badInput('patch', `must change at least one of ${PATCHABLE}`);
  return patch;
}
