import { SIGNALS } from '../../constants';
import { clamp01 } from '../../math/scalar';

/** Share of the memory's tags that appear in the context, [0, 1]; 0 without tags. */
export function tagOverlap(tags: readonly string[], contextTags: ReadonlySet<string>): number {
  if (tags.length === 0) return 0;
  let shared = 0;
  for (const tag of tags) if (contextTags.has(tag.toLowerCase())) shared++;
  return shared / tags.length;
}

/** importance = importance · (1 + 0.5·tag overlap with context), capped at 1. */
export function importanceSignal(importance: number, tags: readonly string[], contextTags: ReadonlySet<string>): number {
  return clamp01(clamp01(importance) * (1 + SIGNALS.importance.tagOverlapBoost * tagOverlap(tags, contextTags)));
}

/**
 * priming = summed activation (already decayed to now) of the primed concepts the memory
 * is tagged with, capped at 1.
 */
export function primingSignal(tags: readonly string[], activationByConcept: ReadonlyMap<string, number>): number {
  if (activationByConcept.size === 0) return 0;
  let sum = 0;
  const seen: string[] = [];
  for (const raw of tags) {
    const tag = raw.toLowerCase();
    if (seen.includes(tag)) continue; // a tag listed twice counts once
    seen.push(tag);
    sum += activationByConcept.get(tag) ?? 0;
  }
  return clamp01(sum);
}

/** resonance = spreading activation reaching the memory (pass 2 only), [0, 1]. */
export function resonanceSignal(activation: number | undefined): number {
  return clamp01(activation ?? 0);
}
