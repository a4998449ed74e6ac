import { ENERGY_EFFECTS, RECALL, SPREADING } from '../constants';
import { clamp, clamp01, lerp } from '../math/scalar';

export interface SearchBreadth {
  readonly hops: number;
  readonly seeds: number;
}

/**
 * Energy widens or narrows the search (DESIGN §4): seeds scale from 0.5× to 1.5× of the base
 * with energy, and below 0.3 the walk goes one hop fewer (min 1). A rested agent walks the
 * preset's hops, not one more: the third hop a rested default agent used to take cost 1.3–1.4×
 * the time of two on every spreading recall and bought no recall on either benchmark (LoCoMo
 * dev recall@10 0.715 at three hops against 0.719 at two, MADial dev equal or below on every
 * arm; bench/recall-latency/README.md). Depth beyond the preset's comes from a long session
 * (sessionSearchBreadth) or an explicit `spread.hops`.
 */
export function energySearchBreadth(
  energy: number,
  base: SearchBreadth = { hops: SPREADING.defaultHops, seeds: RECALL.defaultSeeds },
): SearchBreadth {
  const e = clamp01(energy);
  const hopShift = e < ENERGY_EFFECTS.lowEnergy ? -1 : 0;
  return {
    hops: clamp(Math.round(base.hops) + hopShift, SPREADING.minHops, SPREADING.maxHops),
    seeds: clamp(Math.round(base.seeds * lerp(ENERGY_EFFECTS.seedScaleMin, ENERGY_EFFECTS.seedScaleMax, e)), 1, RECALL.maxSeeds),
  };
}

/** Score below which results are cut: 0.6 × (1 − energy) × top score. */
export function energyCutThreshold(topScore: number, energy: number): number {
  return ENERGY_EFFECTS.cutFraction * (1 - clamp01(energy)) * Math.max(0, topScore);
}

/**
 * The energy cut: keeps results scoring at least energyCutThreshold(best, energy). The
 * best result always survives; a rested agent (energy 1) keeps everything.
 */
export function applyEnergyCut<T extends { readonly score: number }>(results: readonly T[], energy: number): readonly T[] {
  let top = 0;
  for (const r of results) top = Math.max(top, r.score);
  const threshold = energyCutThreshold(top, energy);
  return results.filter((r) => r.score >= threshold);
}
