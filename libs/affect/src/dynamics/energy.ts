import { ENERGY } from '../constants';
import { clamp01, halfLifeFactor } from '../math/scalar';
import { elapsedHours } from '../math/time';
import type { EnergyState } from '../types/affect.types';

/** Energy after `hours` idle: the deficit 1 − e halves every ENERGY.recoveryHalfLifeHours. */
export function recoverEnergy(energy: number, hours: number): number {
  return 1 - (1 - clamp01(energy)) * halfLifeFactor(hours, ENERGY.recoveryHalfLifeHours);
}

/** Energy after `interactions` interactions: minus 0.02 each, floored at 0. */
export function depleteEnergy(energy: number, interactions = 1): number {
  return clamp01(clamp01(energy) - ENERGY.depletionPerInteraction * Math.max(0, interactions));
}

/** Energy as it is at `nowMs` (recovered lazily since it was written). */
export function energyAt(state: EnergyState, nowMs: number): number {
  return recoverEnergy(state.energy, elapsedHours(state.atMs, nowMs));
}

/** Recover up to now, then pay for one interaction. */
export function spendEnergy(state: EnergyState, nowMs: number): EnergyState {
  return { energy: depleteEnergy(energyAt(state, nowMs)), atMs: Math.max(state.atMs, nowMs) };
}
