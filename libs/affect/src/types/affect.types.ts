/** A point in (valence, arousal, dominance) space: v ∈ [−1,1], a ∈ [0,1], d ∈ [0,1]. */
export interface Vad {
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
}

/** The agent's momentary affect. */
export type CoreAffect = Vad;

/** Slow moving average of core affect; relaxes toward the baseline between updates. */
export type Mood = Vad;

/** Velocity of core affect, per hour. Stored in the graph as [dv, da, dd]. */
export interface Momentum {
  readonly dv: number;
  readonly da: number;
  readonly dd: number;
}

/** A core-affect state with the instant (epoch ms) it was set. */
export interface TimedAffect {
  readonly affect: CoreAffect;
  readonly atMs: number;
}

/** Mood together with the instant it was last written (for lazy relaxation). */
export interface MoodState {
  readonly mood: Mood;
  readonly atMs: number;
}

/** Energy 0..1 together with the instant it was last written (for lazy recovery). */
export interface EnergyState {
  readonly energy: number;
  readonly atMs: number;
}

/** Scherer's five stimulus checks. */
export interface AppraisalVector {
  /** [−1, 1]: 1 = never seen anything like it. */
  readonly novelty: number;
  /** [−1, 1]: helps (+) or obstructs (−) the agent's goals. */
  readonly goalConduciveness: number;
  /** [0, 1]: how well the agent can cope. */
  readonly copingPotential: number;
  /** [−1, 1]: fits (+) or breaks (−) norms. */
  readonly normCompatibility: number;
  /** [0, 1]: how much it concerns the agent. */
  readonly selfRelevance: number;
}

/** The emotional tag a memory carries: its affect plus the state it was encoded in. */
export interface EmotionalTag {
  readonly affect: CoreAffect;
  readonly moodAtEncoding: Mood;
  readonly momentumAtEncoding: Momentum;
  /** Consolidation strength at encoding, [0.1, 1]. */
  readonly consolidation: number;
  readonly appraisal?: AppraisalVector;
}

/** A primed concept (attention residue): activation at the instant it was written. */
export interface PrimedConcept {
  readonly name: string;
  readonly activation: number;
  readonly atMs: number;
}

/** Result of the lexicon appraiser. */
export interface LexiconAffect {
  readonly valence: number;
  readonly arousal: number;
  readonly confidence: number;
}
