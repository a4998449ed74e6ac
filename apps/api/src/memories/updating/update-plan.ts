import {
  affectToArray,
  applyPatch,
  consolidationStrength,
  diffMemory,
  extractConcepts,
  lexiconChange,
  planLinks,
  type LexiconDelta,
  type MemoryPatch,
  type RevisableState,
  type RevisionDiff,
} from '@limbic/affect';
import { loadMetadata, storeMetadata, type LinkNeighbour, type LinkRow, type Metadata, type MemoryForUpdate, type MemoryUpdateProps } from '@limbic/graph';
import type { ValidPatch } from '../memory-patch.validator';

/** Concepts extracted from the text beside the tags, as at encoding. */
const TEXT_CONCEPTS = 5;

export function revisableState(stored: MemoryForUpdate): RevisableState {
  const m = stored.memory;
  return {
    content: m.content,
    tags: m.tags,
    importance: m.importance,
    affect: { valence: m.valence, arousal: m.arousal, dominance: m.dominance },
    metadata: loadMetadata(m.metadata),
    speaker: m.speaker,
  };
}

/** The validated patch against the stored memory: an affect without dominance keeps the stored one. */
export function resolvePatch(patch: ValidPatch, current: RevisableState): MemoryPatch {
  const { affect, ...rest } = patch;
  return affect ? { ...rest, affect: { valence: affect.valence, arousal: affect.arousal, dominance: affect.dominance ?? current.affect.dominance } } : rest;
}

export interface UpdatePlan {
  readonly diff: RevisionDiff;
  readonly next: RevisableState;
  readonly set: MemoryUpdateProps;
  /** The text changed: a new vector, a lexicon change. */
  readonly contentChanged: boolean;
  /** Content or affect changed: the resonance links are planned again (relink). */
  readonly relink: boolean;
  readonly concepts: readonly string[] | null;
  readonly lexicon: LexiconDelta | null;
}

/** Everything an update writes but the links, computed from what was read under the lock. */
export function planUpdate(stored: MemoryForUpdate, patch: ValidPatch): UpdatePlan {
  const current = revisableState(stored);
  const resolved = resolvePatch(patch, current);
  const diff = diffMemory(current, resolved);
  const next = applyPatch(current, resolved);
  const changed = new Set(diff.fields);
  const set: { -readonly [K in keyof MemoryUpdateProps]: MemoryUpdateProps[K] } = {};
  if (changed.has('content')) set.content = next.content;
  if (changed.has('tags')) set.tags = [...next.tags];
  if (changed.has('importance')) set.importance = next.importance;
  if (changed.has('affect')) {
    const a = next.affect;
    Object.assign(set, { valence: a.valence, arousal: a.arousal, dominance: a.dominance });
    // The caller's affect is final: no appraisal blends it, and reconsolidation's baseline
    // (expected affect) and the consolidation strength follow it.
    set.affectGiven = true;
    set.pendingAppraisal = false;
    set.expectedAffect = affectToArray(a);
    set.consolidation = consolidationStrength(a.arousal, stored.moodAtEncoding[1] ?? a.arousal);
  }
  if (changed.has('metadata')) {
    const stored = storeMetadata(next.metadata as Metadata | null);
    set.metadata = stored.metadata;
    set.metadataPairs = stored.metadataPairs;
  }
  if (changed.has('speaker')) set.speaker = next.speaker;
  const contentChanged = changed.has('content');
  return {
    diff,
    next,
    set,
    contentChanged,
    relink: contentChanged || changed.has('affect'),
    concepts: contentChanged || changed.has('tags') ? [...new Set([...next.tags, ...extractConcepts(next.content, TEXT_CONCEPTS)])] : null,
    lexicon: contentChanged ? lexiconChange(current.content, next.content) : null,
  };
}

/**
 * Fresh resonance links for the updated memory from encode's planner (DESIGN §5), from each
 * neighbour to it. Its temporal-chain neighbours keep their chain edge, which is their TEMPORAL
 * link: the planner's TEMPORAL link to one of them is dropped, never made a second.
 */
export function planRelinks(memoryId: string, occurredAt: number, next: RevisableState, neighbours: readonly LinkNeighbour[], chained: readonly string[]): LinkRow[] {
  const chain = new Set(chained);
  const candidates = neighbours.map((n) => ({
    id: n.id,
    cosine: n.cosine,
    affect: { valence: n.valence, arousal: n.arousal, dominance: n.dominance },
    occurredAtMs: n.occurredAt,
  }));
  return planLinks({ content: next.content, affect: next.affect, occurredAtMs: occurredAt }, candidates)
    .filter((l) => !(l.type === 'TEMPORAL' && chain.has(l.targetId)))
    .map((l) => ({ from: l.targetId, to: memoryId, type: l.type, weight: l.weight, chain: false }));
}
