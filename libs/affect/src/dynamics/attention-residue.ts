import { ATTENTION_RESIDUE } from '../constants';
import { compareStrings, halfLifeFactor } from '../math/scalar';
import { elapsedHours } from '../math/time';
import type { PrimedConcept } from '../types/affect.types';

/** A concept's activation at `nowMs`: halves every 30 minutes; 0 once below 0.1. */
export function conceptActivationAt(concept: PrimedConcept, nowMs: number): number {
  const activation = concept.activation * halfLifeFactor(elapsedHours(concept.atMs, nowMs), ATTENTION_RESIDUE.halfLifeHours);
  return activation < ATTENTION_RESIDUE.vanishBelow ? 0 : activation;
}

/** All primed concepts decayed to `nowMs`; vanished ones are dropped. Sorted by name. */
export function decayResidue(residue: readonly PrimedConcept[], nowMs: number): readonly PrimedConcept[] {
  const byName = new Map<string, PrimedConcept>();
  for (const concept of residue) {
    const activation = conceptActivationAt(concept, nowMs);
    if (activation === 0) continue;
    const previous = byName.get(concept.name);
    // Duplicates (should not happen) keep the stronger trace.
    if (previous === undefined || previous.activation < activation) {
      byName.set(concept.name, { name: concept.name, activation, atMs: Math.max(concept.atMs, nowMs) });
    }
  }
  return [...byName.values()].sort((x, y) => compareStrings(x.name, y.name));
}

/**
 * Decays the residue to `nowMs`, then bumps each concept in `names` by 0.5 (capped at 1);
 * a concept not yet primed starts at 0.5. Names are lower-cased and deduplicated.
 */
export function primeConcepts(residue: readonly PrimedConcept[], names: readonly string[], nowMs: number): readonly PrimedConcept[] {
  const current = new Map(decayResidue(residue, nowMs).map((c) => [c.name, c] as const));
  for (const name of new Set(names.map((n) => n.toLowerCase()))) {
    const activation = Math.min(1, (current.get(name)?.activation ?? 0) + ATTENTION_RESIDUE.bump);
    current.set(name, { name, activation, atMs: nowMs });
  }
  return [...current.values()].sort((x, y) => compareStrings(x.name, y.name));
}

/**
 * The residue a recall at `nowMs` sees: decayed to `nowMs`, without concepts primed after it.
 * A recall replayed at a past instant (`now` in the past) is not coloured by attention that
 * came later, e.g. by the encoding of the very history being replayed.
 */
export function residueAsOf(residue: readonly PrimedConcept[], nowMs: number): readonly PrimedConcept[] {
  return decayResidue(
    residue.filter((c) => c.atMs <= nowMs),
    nowMs,
  );
}

/**
 * The concepts one write primes: those the written memories mention (their tags and text
 * concepts, in each memory's own order), at most `max`. A single encode primes its own first
 * ones; a batch primes those it mentions most (ties: the later item's first), so that
 * importing a history leaves the gist of it in attention, not its whole vocabulary.
 */
export function conceptsToPrime(itemConcepts: readonly (readonly string[])[], max: number = ATTENTION_RESIDUE.maxConceptsPerText): readonly string[] {
  const tally = new Map<string, { count: number; last: number; position: number }>();
  itemConcepts.forEach((concepts, index) => {
    [...new Set(concepts.map((c) => c.toLowerCase()))].forEach((name, position) => {
      tally.set(name, { count: (tally.get(name)?.count ?? 0) + 1, last: index, position });
    });
  });
  return [...tally.entries()]
    .sort(([xn, x], [yn, y]) => y.count - x.count || y.last - x.last || x.position - y.position || compareStrings(xn, yn))
    .slice(0, Math.max(0, Math.floor(max)))
    .map(([name]) => name);
}
