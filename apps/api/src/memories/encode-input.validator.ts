import type { Limits } from '@limbic/config';
import { badInput } from '../common/api-error';
import { requireCallerId, requireScope, requireDate, requireRange, requireText, requireWellFormed } from '../common/validate';
import type { Metadata } from '@limbic/graph';
import type { EncodeInput } from './dto/memory.types';
import { requireMetadata } from './metadata.validator';

export interface ValidEncode {
  readonly agentId: string;
  readonly content: string;
  readonly occurredAt: number;
  readonly affect: { readonly valence: number; readonly arousal: number; readonly dominance: number } | null;
  readonly importance: number | null;
  readonly tags: readonly string[];
  readonly externalId: string | null;
  readonly scope: string | null;
  readonly metadata: Metadata | null;
  readonly speaker: string | null;
  /** The call's own instant when the caller replays history; null for now. */
  readonly now: number | null;
}

const MAX_TAG_CHARS = 64;
const MAX_SPEAKER_CHARS = 64;
const MAX_EXTERNAL_ID_CHARS = 256;

/** Tags as stored: trimmed, lower-cased, without repeats; at most `maxTags`, each 1–64 characters. */
export function requireTags(field: string, tags: readonly string[], maxTags: number): string[] {
  if (tags.length > maxTags) throw badInput(field, `at most ${maxTags} tags`);
  const clean = [...new Set(tags.map((t, i) => requireWellFormed(`${field}[${i}]`, t).trim().toLowerCase()))];
  for (const t of clean) {
    if (t.length === 0 || t.length > MAX_TAG_CHARS) throw badInput(field, `each tag must be 1–${MAX_TAG_CHARS} characters`);
  }
  return clean;
}

/**
 * A speaker as stored: trimmed, 1–64 characters, with a letter or digit (a name no query word can
 * match could never be named); its case kept, for showing.
 */
export function requireSpeaker(field: string, speaker: string): string {
  const clean = requireWellFormed(field, speaker).trim();
  if (clean.length === 0 || clean.length > MAX_SPEAKER_CHARS) throw badInput(field, `must be 1–${MAX_SPEAKER_CHARS} characters`);
  if (!/[\p{L}\p{N}]/u.test(clean)) throw badInput(field, 'must contain a letter or digit');
  return clean;
}

/** Rejects bad input before anything is embedded or written. */
export function validateEncode(input: EncodeInput, limits: Limits, now: number, prefix = ''): ValidEncode {
  const f = (name: string) => `${prefix}${name}`;
  const cleanTags = requireTags(f('tags'), input.tags ?? [], limits.maxTags);
  const externalId = input.externalId ?? null;
  if (externalId !== null && (externalId.length === 0 || externalId.length > MAX_EXTERNAL_ID_CHARS)) {
    throw badInput(f('externalId'), `must be 1–${MAX_EXTERNAL_ID_CHARS} characters`);
  }
  return {
    agentId: requireCallerId(f('agentId'), input.agentId),
    content: requireText(f('content'), input.content, limits.maxContentBytes),
    // Unset, it happened at the call's moment: the replayed one when given.
    occurredAt: requireDate(f('occurredAt'), input.occurredAt, input.now === undefined || input.now === null ? now : requireDate(f('now'), input.now, now)),
    affect: input.affect
      ? {
          valence: requireRange(f('affect.valence'), input.affect.valence, -1, 1),
          arousal: requireRange(f('affect.arousal'), input.affect.arousal, 0, 1),
          dominance: requireRange(f('affect.dominance'), input.affect.dominance ?? 0.5, 0, 1),
        }
      : null,
    importance: input.importance === undefined || input.importance === null ? null : requireRange(f('importance'), input.importance, 0, 1),
    tags: cleanTags,
    externalId,
    scope: input.scope === undefined || input.scope === null ? null : requireScope(f('scope'), input.scope),
    metadata: input.metadata === undefined || input.metadata === null ? null : requireMetadata(f('metadata'), input.metadata),
    speaker: input.speaker === undefined || input.speaker === null ? null : requireSpeaker(f('speaker'), input.speaker),
    now: input.now === undefined || input.now === null ? null : requireDate(f('now'), input.now, now),
  };
}
