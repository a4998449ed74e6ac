import type { CoreAffect } from '../types/affect.types';
import { lexiconDelta, type LexiconDelta } from '../text/lexical-terms';

/** A JSON value as a revision records it (metadata may nest; every other field is flat). */
export type RevisionValue = string | number | boolean | null | readonly RevisionValue[] | { readonly [key: string]: RevisionValue };

/** What a memory's revision says happened to it. */
export const REVISION_KINDS = ['UPDATE', 'FORGET', 'RESTORE', 'MERGE_INTO', 'MERGED_FROM'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The fields updateMemory may change, in the order revisions list them. */
export const REVISABLE_FIELDS = ['content', 'tags', 'importance', 'affect', 'metadata', 'speaker'] as const;
export type RevisableField = (typeof REVISABLE_FIELDS)[number];

/** What a user stored in a memory and may correct. */
export interface RevisableState {
  readonly content: string;
  readonly tags: readonly string[];
  readonly importance: number;
  readonly affect: CoreAffect;
  /** An object, or null when the memory has none. */
  readonly metadata: { readonly [key: string]: RevisionValue } | null;
  /** Who said or did it; null when not given. */
  readonly speaker: string | null;
}

/** A validated patch: absent fields stay; `metadata: null` and `speaker: null` remove them. */
export type MemoryPatch = { readonly [F in RevisableField]?: RevisableState[F] };

/** One revision's content: which fields changed, from what, to what (values keyed by field). */
export interface RevisionDiff {
  readonly fields: readonly string[];
  readonly before: { readonly [field: string]: RevisionValue };
  readonly after: { readonly [field: string]: RevisionValue };
}

export const NO_CHANGE: RevisionDiff = { fields: [], before: {}, after: {} };

/**
 * The fields of `patch` that differ from `current`, with their old and new values. Tags compare
 * as sets (their order carries no meaning); metadata compares as JSON (key order ignored).
 * An empty diff means the patch changes nothing: no revision, no write.
 */
export function diffMemory(current: RevisableState, patch: MemoryPatch): RevisionDiff {
  const fields: RevisableField[] = [];
  const before: Record<string, RevisionValue> = {};
  const after: Record<string, RevisionValue> = {};
  for (const field of REVISABLE_FIELDS) {
    const next = patch[field];
    if (next === undefined) continue;
    const was = toValue(field, current[field]);
    const now = toValue(field, next);
    if (field === 'tags' ? sameSet(current.tags, next as readonly string[]) : jsonEqual(was, now)) continue;
    fields.push(field);
    before[field] = was;
    after[field] = now;
  }
  return { fields, before, after };
}

/** The state once `patch` is applied. */
export function applyPatch(current: RevisableState, patch: MemoryPatch): RevisableState {
  return {
    content: patch.content ?? current.content,
    tags: patch.tags ?? current.tags,
    importance: patch.importance ?? current.importance,
    affect: patch.affect ?? current.affect,
    metadata: patch.metadata === undefined ? current.metadata : patch.metadata,
    speaker: patch.speaker === undefined ? current.speaker : patch.speaker,
  };
}

/** forget (archived: true) or restore (false) of a memory that was in the other state. */
export function archiveRevision(archived: boolean): { readonly kind: RevisionKind } & RevisionDiff {
  return { kind: archived ? 'FORGET' : 'RESTORE', fields: ['archived'], before: { archived: !archived }, after: { archived } };
}

/** What a merge changed on the survivor that a user stored (consolidation keeps the higher importance and the union of tags). */
export function mergeDiff(before: Pick<RevisableState, 'tags' | 'importance'>, after: Pick<RevisableState, 'tags' | 'importance'>): RevisionDiff {
  return diffMemory({ content: '', affect: NEUTRAL, metadata: null, speaker: null, ...before }, { tags: after.tags, importance: after.importance });
}

/**
 * The term statistics' change when a memory's text goes from `before` to `after`: the old
 * text's terms leave, the new text's arrive, the document count stays.
 */
export function lexiconChange(before: string, after: string): LexiconDelta {
  const removed = lexiconDelta([before], -1);
  const added = lexiconDelta([after]);
  const df = new Map<string, number>();
  for (const { term, df: n } of [...removed.df, ...added.df]) df.set(term, (df.get(term) ?? 0) + n);
  return {
    docs: removed.docs + added.docs,
    terms: removed.terms + added.terms,
    df: [...df].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : 1)).map(([term, n]) => ({ term, df: n })),
  };
}

const NEUTRAL: CoreAffect = { valence: 0, arousal: 0, dominance: 0.5 };

function toValue(field: RevisableField, value: RevisableState[RevisableField]): RevisionValue {
  if (field === 'affect') {
    const a = value as CoreAffect;
    return { valence: a.valence, arousal: a.arousal, dominance: a.dominance };
  }
  if (field === 'tags') return [...(value as readonly string[])];
  return value as RevisionValue;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((t) => y.has(t));
}

/** Structural equality of JSON values; object key order does not matter, list order does. */
export function jsonEqual(a: RevisionValue | undefined, b: RevisionValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v: RevisionValue, i) => jsonEqual(v, (b as readonly RevisionValue[])[i]));
  }
  const x = a as { readonly [key: string]: RevisionValue };
  const y = b as { readonly [key: string]: RevisionValue };
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.prototype.hasOwnProperty.call(y, k) && jsonEqual(x[k], y[k]));
}
