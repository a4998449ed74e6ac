import { MOOD, RECALL, SPREADING } from '../constants';
import { DEFAULT_ENERGY_RATES, type EnergyRates } from '../dynamics/energy';

/**
 * chosen: thirty idle minutes end a session (a conversation resumed after a coffee break is
 * the same one; after lunch it is another). Per preset: a game character's scenes are short
 * (10), shared organisational memory sees many callers come and go (15), research sittings
 * pause longer (60).
 */
export const DEFAULT_SESSION_GAP_MINUTES = 30;
import type { ProfileName } from '../types/recall.types';

/** What a preset says about how the agent's state moves (mood and energy). */
export interface StateDynamics {
  /** How slowly mood follows core affect (DESIGN default 0.5). */
  readonly moodInertia: number;
  readonly energy: EnergyRates;
  /** An idle gap longer than this ends the session; the next interaction starts a new one. */
  readonly sessionGapMinutes: number;
}

/**
 * Parameter sets chosen at createAgent. Each is a small, documented bundle, and every
 * parameter changes behaviour (README, "Presets"):
 * - profile: the starting recall weights when a recall names none, for open (and
 *   unclassified) queries; fact-seeking and affective queries keep their routed weights
 *   (resolveWeights), so no preset makes factual recall worse than the default;
 * - decayScale: multiplies the recency decay exponent, in recall and in the review's
 *   archive test (< 1 forgets slower);
 * - spread: the hops and seeds spreading activation starts from, before energy widens or
 *   narrows them;
 * - reviewPace: multiplies the spaced-review intervals (< 1 reviews sooner);
 * - moodInertia, energy, sessionGapMinutes: StateDynamics.
 */
export interface AgentPreset extends StateDynamics {
  readonly description: string;
  readonly profile: ProfileName;
  readonly decayScale: number;
  readonly spread: { readonly hops: number; readonly seeds: number };
  readonly reviewPace: number;
}

export const PRESET_NAMES = ['personal', 'enterprise', 'agent', 'academic', 'npc'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

const minutes = (m: number) => m / 60;

/**
 * Energy rates are set for each preset's pace of use: at one interaction a minute, every
 * preset settles at or above 0.77 (steadyEnergy), so recall keeps its full breadth and the
 * energy cut removes at most what scores below 13 % of the best. `agent` keeps DESIGN's 2 %
 * per interaction and recovers with a 5-minute half-life; `enterprise` (many callers share
 * it) and `npc` (a game character acts every few seconds) tire slower; `academic` recovers
 * slower, as deliberate, sparse sessions allow.
 */
export const PRESETS: Readonly<Record<PresetName, AgentPreset>> = {
  // A companion or assistant for one person: feelings and recent context matter.
  personal: {
    description: 'personal assistant: affect-aware recall, everyday forgetting',
    profile: 'affective',
    decayScale: 1,
    spread: { hops: 2, seeds: 10 },
    reviewPace: 1,
    moodInertia: 0.5,
    energy: { depletionPerInteraction: 0.02, recoveryHalfLifeHours: minutes(5) },
    sessionGapMinutes: 30,
  },
  // Shared organisational memory: facts first, slow forgetting, narrow associations.
  enterprise: {
    description: 'organisational knowledge: factual recall, slow forgetting, narrow spreading',
    profile: 'balanced',
    decayScale: 0.5,
    spread: { hops: 1, seeds: 8 },
    reviewPace: 1.5,
    moodInertia: 0.8,
    energy: { depletionPerInteraction: 0.01, recoveryHalfLifeHours: minutes(5) },
    sessionGapMinutes: 15,
  },
  // The default for autonomous agents: the recall the benchmark measures (balanced weights,
  // DESIGN's decay, 2 hops from 10 seeds, DESIGN's review schedule and mood inertia).
  agent: {
    description: 'autonomous agent: balanced recall with goals and state',
    profile: 'balanced',
    decayScale: 1,
    spread: { hops: SPREADING.defaultHops, seeds: RECALL.defaultSeeds },
    reviewPace: 1,
    moodInertia: MOOD.inertia,
    energy: DEFAULT_ENERGY_RATES,
    sessionGapMinutes: DEFAULT_SESSION_GAP_MINUTES,
  },
  // Research notes: meaning and links across papers, almost no forgetting.
  academic: {
    description: 'research memory: semantic recall, wide associations, very slow forgetting',
    profile: 'balanced',
    decayScale: 0.25,
    spread: { hops: 3, seeds: 12 },
    reviewPace: 2,
    moodInertia: 0.7,
    energy: { depletionPerInteraction: 0.015, recoveryHalfLifeHours: minutes(10) },
    sessionGapMinutes: 60,
  },
  // Game characters: vivid, mood-driven, forgetful.
  npc: {
    description: 'game character: salient and mood-driven recall, quick forgetting',
    profile: 'salience',
    decayScale: 1.5,
    spread: { hops: 2, seeds: 6 },
    reviewPace: 0.75,
    moodInertia: 0.3,
    energy: { depletionPerInteraction: 0.005, recoveryHalfLifeHours: minutes(5) },
    sessionGapMinutes: 10,
  },
};

/** The preset named on an agent; `agent` for a name no longer known. */
export function presetOf(name: string): AgentPreset {
  return (PRESETS as Readonly<Record<string, AgentPreset>>)[name] ?? PRESETS.agent;
}
