import { ENERGY } from '../constants';
import { clamp01, halfLifeFactor } from '../math/scalar';
import { elapsedHours } from '../math/time';
import type { EnergyState } from '../types/affect.types';

/** How fast an agent tires and recovers; each preset has its own (presets.ts). */
export interface EnergyRates {
  /** Subtracted from energy by each interaction (encode call, observe, recall). */
  readonly depletionPerInteraction: number;
  /** While idle, the deficit 1 − energy halves every this many hours. */
  readonly recoveryHalfLifeHours: number;
}

export const DEFAULT_ENERGY_RATES: EnergyRates = {
  depletionPerInteraction: ENERGY.depletionPerInteraction,
  recoveryHalfLifeHours: ENERGY.recoveryHalfLifeHours,
};

/** Energy after `hours` idle: the deficit 1 − e halves every `rates.recoveryHalfLifeHours`. */
export function recoverEnergy(energy: number, hours: number, rates: EnergyRates = DEFAULT_ENERGY_RATES): number {
  return 1 - (1 - clamp01(energy)) * halfLifeFactor(hours, rates.recoveryHalfLifeHours);
}

/** Energy after `interactions` interactions: minus the depletion each, floored at 0. */
export function depleteEnergy(energy: number, interactions = 1, rates: EnergyRates = DEFAULT_ENERGY_RATES): number {
  return clamp01(clamp01(energy) - rates.depletionPerInteraction * Math.max(0, interactions));
}

/** Energy as it is at `nowMs` (recovered lazily since it was written). */
export function energyAt(state: EnergyState, nowMs: number, rates: EnergyRates = DEFAULT_ENERGY_RATES): number {
  return recoverEnergy(state.energy, elapsedHours(state.atMs, nowMs), rates);
}

/** Recover up to now, then pay for one interaction. */
export function spendEnergy(state: EnergyState, nowMs: number, rates: EnergyRates = DEFAULT_ENERGY_RATES): EnergyState {
  return { energy: depleteEnergy(energyAt(state, nowMs, rates), 1, rates), atMs: Math.max(state.atMs, nowMs) };
}

/**
 * The energy an agent settles at when it interacts every `intervalHours` for ever, just after
 * paying for an interaction: the deficit D then satisfies D = D·f + d (f the recovery over one
 * interval), so D = d / (1 − f). Starting rested, the agent approaches it from above, so it is
 * the lowest energy such a schedule ever reaches; 0 means the schedule runs the agent dry.
 * (A recall reads its energy before paying, a little higher: 1 − D·f.)
 */
export function steadyEnergy(intervalHours: number, rates: EnergyRates = DEFAULT_ENERGY_RATES): number {
  const f = halfLifeFactor(Math.max(0, intervalHours), rates.recoveryHalfLifeHours);
  if (rates.depletionPerInteraction <= 0) return 1;
  if (f >= 1) return 0;
  return clamp01(1 - rates.depletionPerInteraction / (1 - f));
}
