import type { RecallOptions, RememberInput, operations } from '@limbic/client';
import { ARCHIVED } from './choices';

/** Command-line flags as the client's inputs: only what was given is sent, so the API's defaults apply. */

export interface RememberFlags {
  readonly tag?: string[];
  readonly scope?: string;
  readonly speaker?: string;
  readonly importance?: number;
  readonly valence?: number;
  readonly arousal?: number;
  readonly dominance?: number;
  readonly occurredAt?: string;
  readonly externalId?: string;
  readonly metadata?: Record<string, unknown>;
}

/** An affect is sent only when given, and then needs valence and arousal both (`usage` otherwise). */
export function rememberInput(content: string, f: RememberFlags, usage: (message: string) => never): RememberInput {
  const affectGiven = f.valence !== undefined || f.arousal !== undefined || f.dominance !== undefined;
  if (affectGiven && (f.valence === undefined || f.arousal === undefined)) usage('an affect needs --valence and --arousal (--dominance is optional)');
  return {
    content,
    ...(f.tag ? { tags: f.tag } : {}),
    ...(f.scope !== undefined ? { scope: f.scope } : {}),
    ...(f.speaker !== undefined ? { speaker: f.speaker } : {}),
    ...(f.importance !== undefined ? { importance: f.importance } : {}),
    ...(affectGiven ? { affect: { valence: f.valence ?? 0, arousal: f.arousal ?? 0, ...(f.dominance !== undefined ? { dominance: f.dominance } : {}) } } : {}),
    ...(f.occurredAt !== undefined ? { occurredAt: f.occurredAt } : {}),
    ...(f.externalId !== undefined ? { externalId: f.externalId } : {}),
    ...(f.metadata !== undefined ? { metadata: f.metadata } : {}),
  };
}

export interface RecallFlags {
  readonly topK?: number;
  readonly scope?: string;
  readonly tag?: string[];
  readonly after?: string;
  readonly before?: string;
  readonly profile?: operations.RecallProfile;
  readonly explain?: boolean;
}

export function recallOptions(f: RecallFlags): RecallOptions {
  const filter: operations.MemoryFilterInput = {
    ...(f.scope !== undefined ? { scope: f.scope } : {}),
    ...(f.tag ? { tagsAll: f.tag } : {}),
    ...(f.after !== undefined ? { occurredAfter: f.after } : {}),
    ...(f.before !== undefined ? { occurredBefore: f.before } : {}),
  };
  return {
    ...(f.topK !== undefined ? { topK: f.topK } : {}),
    ...(f.profile !== undefined ? { profile: f.profile } : {}),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(f.explain ? { explain: true } : {}),
  };
}

export interface MemoryFilterFlags {
  readonly scope?: string;
  readonly tag?: string[];
  readonly contains?: string;
  readonly archived: keyof typeof ARCHIVED;
}

export function memoryFilter(f: MemoryFilterFlags): operations.MemoryListFilterInput {
  return {
    archived: ARCHIVED[f.archived],
    ...(f.scope !== undefined ? { scope: f.scope } : {}),
    ...(f.tag ? { tagsAll: f.tag } : {}),
    ...(f.contains !== undefined ? { contains: f.contains } : {}),
  };
}
