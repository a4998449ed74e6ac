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
