import type { ProfileName } from '../types/recall.types';

/**
 * Parameter sets chosen at createAgent. Each is a small, documented bundle:
 * - profile: the recall weights used when a recall names none;
 * - decayScale: multiplies the recency decay exponent (< 1 forgets slower);
 * - spread: default hops and seeds of spreading activation;
 * - reviewPace: multiplies the spaced-review intervals (< 1 reviews sooner);
 * - moodInertia: how slowly mood follows core affect (DESIGN default 0.5).
 */
export interface AgentPreset {
  readonly description: string;
  readonly profile: ProfileName;
  readonly decayScale: number;
  readonly spread: { readonly hops: number; readonly seeds: number };
  readonly reviewPace: number;
  readonly moodInertia: number;
}

export const PRESET_NAMES = ['personal', 'enterprise', 'agent', 'academic', 'npc'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export const PRESETS: Readonly<Record<PresetName, AgentPreset>> = {
  // A companion or assistant for one person: feelings and recent context matter.
  personal: {
    description: 'personal assistant: affect-aware recall, everyday forgetting',
    profile: 'affective',
    decayScale: 1,
    spread: { hops: 2, seeds: 10 },
    reviewPace: 1,
    moodInertia: 0.5,
  },
  // Shared organisational memory: facts first, slow forgetting, narrow associations.
  enterprise: {
    description: 'organisational knowledge: factual recall, slow forgetting, narrow spreading',
    profile: 'balanced',
    decayScale: 0.5,
    spread: { hops: 1, seeds: 8 },
    reviewPace: 1.5,
    moodInertia: 0.8,
  },
  // The default for autonomous agents: balanced recall that tracks goals and state.
  agent: {
    description: 'autonomous agent: balanced recall with goals and state',
    profile: 'balanced',
    decayScale: 1,
    spread: { hops: 2, seeds: 10 },
    reviewPace: 1,
    moodInertia: 0.5,
  },
  // Research notes: meaning and links across papers, almost no forgetting.
  academic: {
    description: 'research memory: semantic recall, wide associations, very slow forgetting',
    profile: 'balanced',
    decayScale: 0.25,
    spread: { hops: 3, seeds: 12 },
    reviewPace: 2,
    moodInertia: 0.7,
  },
  // Game characters: vivid, mood-driven, forgetful.
  npc: {
    description: 'game character: salient and mood-driven recall, quick forgetting',
    profile: 'salience',
    decayScale: 1.5,
    spread: { hops: 2, seeds: 6 },
    reviewPace: 0.75,
    moodInertia: 0.3,
  },
};

export function presetOf(name: string): AgentPreset {
  return (PRESETS as Readonly<Record<string, AgentPreset>>)[name] ?? PRESETS.agent;
}
