import { MOMENTUM } from '../constants';
import { MS_PER_HOUR } from '../constants';
import type { Momentum, TimedAffect } from '../types/affect.types';

export const ZERO_MOMENTUM: Momentum = { dv: 0, da: 0, dd: 0 };

/**
 * Velocity of core affect per hour from the last three states (fewer if that is all
 * there is): (newest − oldest) / elapsed hours, i.e. the time-weighted mean of the
 * segment velocities. Windows under a minute count as a minute (MOMENTUM.minSpanHours).
 * History may be in any order; it is sorted by time.
 */
export function momentumFromHistory(history: readonly TimedAffect[]): Momentum {
  if (history.length < 2) return ZERO_MOMENTUM;
  const recent = [...history].sort((x, y) => x.atMs - y.atMs).slice(-MOMENTUM.historyLength);
  // At least two states, checked above.
  const oldest = recent[0] as TimedAffect;
  const newest = recent[recent.length - 1] as TimedAffect;
  const hours = Math.max(MOMENTUM.minSpanHours, (newest.atMs - oldest.atMs) / MS_PER_HOUR);
  return {
    dv: (newest.affect.valence - oldest.affect.valence) / hours,
    da: (newest.affect.arousal - oldest.affect.arousal) / hours,
    dd: (newest.affect.dominance - oldest.affect.dominance) / hours,
  };
}

/** Appends a state, keeping only what momentum needs (the last three by time). */
export function pushAffectHistory(history: readonly TimedAffect[], next: TimedAffect): readonly TimedAffect[] {
  return [...history, next].sort((x, y) => x.atMs - y.atMs).slice(-MOMENTUM.historyLength);
}

export function momentumMagnitude(m: Momentum): number {
  return Math.sqrt(m.dv * m.dv + m.da * m.da + m.dd * m.dd);
}
