import { MOOD, MS_PER_HOUR, NEUTRAL_AFFECT } from '../constants';
import { clampAffect, lerpAffect } from '../dynamics/affect-space';
import { DEFAULT_ENERGY_RATES, energyAt, spendEnergy, type EnergyRates } from '../dynamics/energy';
import { momentumFromHistory, pushAffectHistory, ZERO_MOMENTUM } from '../dynamics/momentum';
import { touchSession, type SessionState } from '../dynamics/session';
import { advanceMood, moodAt } from '../dynamics/mood';
import { clamp01 } from '../math/scalar';
import type { CoreAffect, EnergyState, Momentum, MoodState, TimedAffect } from '../types/affect.types';
import { DEFAULT_SESSION_GAP_MINUTES, type StateDynamics } from './presets';

/** DESIGN's mood inertia and the default energy rates (the `agent` preset's). */
export const DEFAULT_DYNAMICS: StateDynamics = { moodInertia: MOOD.inertia, energy: DEFAULT_ENERGY_RATES, sessionGapMinutes: DEFAULT_SESSION_GAP_MINUTES };

/**
 * Everything about an agent's internal state that changes with experience, as stored on
 * the Agent node. Transitions are pure: old state + event + instant → new state.
 */
export interface AgentAffectState {
  readonly affect: CoreAffect;
  readonly affectAtMs: number;
  /** The last three core-affect states, for momentum. */
  readonly history: readonly TimedAffect[];
  readonly mood: MoodState;
  readonly momentum: Momentum;
  readonly energy: EnergyState;
  /** The current (or last) session; null before the first interaction. */
  readonly session: SessionState | null;
}


/**
 * How far one event pulls core affect toward the event's own affect. Chosen: an observed
 * text moves the agent half way when the lexicon is sure of it; encoding an experience
 * moves it a fifth of the way (the experience is remembered, not relived).
 */
export const STATE_PULL = { observe: 0.5, encode: 0.2, lexiconNudge: 0.5 } as const;

export function initialAgentState(nowMs: number): AgentAffectState {
  return {
    affect: NEUTRAL_AFFECT,
    affectAtMs: nowMs,
    history: [{ affect: NEUTRAL_AFFECT, atMs: nowMs }],
    // Mood starts at its relaxation baseline (DESIGN §3).
    mood: { mood: MOOD.baseline, atMs: nowMs },
    momentum: ZERO_MOMENTUM,
    energy: { energy: 1, atMs: nowMs },
    session: null,
  };
}

/**
 * Core affect becomes `next` at `nowMs`: history and momentum follow, mood relaxes to now
 * and takes one EMA step toward it. Energy is untouched (see `interact`).
 */
export function moveAffect(state: AgentAffectState, next: CoreAffect, nowMs: number, inertia?: number): AgentAffectState {
  const affect = clampAffect(next);
  // Events replayed out of order never move the clock backwards.
  const at = Math.max(nowMs, state.affectAtMs);
  const history = pushAffectHistory(state.history, { affect, atMs: at });
  return {
    affect,
    affectAtMs: at,
    history,
    mood: advanceMood(state.mood, affect, at, inertia),
    momentum: momentumFromHistory(history),
    energy: state.energy,
    session: state.session,
  };
}

/**
 * One interaction (encode, observe, recall) costs energy after lazy recovery to now, and counts
 * in the session (a new one after an idle gap longer than `sessionGapMinutes`).
 */
export function interact(
  state: AgentAffectState,
  nowMs: number,
  rates: EnergyRates = DEFAULT_ENERGY_RATES,
  sessionGapMinutes: number = DEFAULT_SESSION_GAP_MINUTES,
): AgentAffectState {
  return { ...state, energy: spendEnergy(state.energy, nowMs, rates), session: touchSession(state.session, nowMs, sessionGapMinutes) };
}

/** The agent's affect nudged toward a lexicon estimate, by how sure the lexicon is. */
export function nudgeTowardLexicon(
  core: CoreAffect,
  lexicon: { readonly valence: number; readonly arousal: number; readonly confidence: number },
  pull: number = STATE_PULL.lexiconNudge,
): CoreAffect {
  const target: CoreAffect = { valence: lexicon.valence, arousal: lexicon.arousal, dominance: core.dominance };
  return lerpAffect(core, target, pull * clamp01(lexicon.confidence));
}

/** Observed text moves core affect toward its appraisal, weighted by confidence. */
export function observeText(
  state: AgentAffectState,
  lexicon: { readonly valence: number; readonly arousal: number; readonly confidence: number },
  nowMs: number,
  dynamics: StateDynamics = DEFAULT_DYNAMICS,
): AgentAffectState {
  const moved = moveAffect(state, nudgeTowardLexicon(state.affect, lexicon, STATE_PULL.observe), nowMs, dynamics.moodInertia);
  return interact(moved, nowMs, dynamics.energy, dynamics.sessionGapMinutes);
}

/** Encoding an experience with affect `memoryAffect` pulls the agent a little toward it. */
export function encodeExperience(
  state: AgentAffectState,
  memoryAffect: CoreAffect,
  nowMs: number,
  dynamics: StateDynamics = DEFAULT_DYNAMICS,
): AgentAffectState {
  return interact(moveAffect(state, lerpAffect(state.affect, memoryAffect, STATE_PULL.encode), nowMs, dynamics.moodInertia), nowMs, dynamics.energy, dynamics.sessionGapMinutes);
}

/** Mood and energy as they are at `nowMs` (lazy relaxation and recovery). */
export function stateAt(state: AgentAffectState, nowMs: number, dynamics: StateDynamics = DEFAULT_DYNAMICS): { readonly mood: CoreAffect; readonly energy: number } {
  return { mood: moodAt(state.mood, nowMs, dynamics.moodInertia), energy: energyAt(state.energy, nowMs, dynamics.energy) };
}

/** Hours since the state last changed (for display and decay). */
export function idleHours(state: AgentAffectState, nowMs: number): number {
  return Math.max(0, nowMs - state.affectAtMs) / MS_PER_HOUR;
}
