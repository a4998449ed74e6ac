import type { EpochMs } from './records';

/** A memory as the service sees it (no embedding: vectors stay in the graph). */
export interface MemoryRecord {
  readonly id: string;
  readonly tenantId: string;
  readonly agentId: string;
  readonly externalId: string | null;
  readonly content: string;
  readonly occurredAt: EpochMs;
  readonly encodedAt: EpochMs;
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  readonly importance: number;
  readonly tags: readonly string[];
  readonly accessCount: number;
  readonly pendingAppraisal: boolean;
  readonly archived: boolean;
  /** The embedder that made its vector (`local:bge-small-en-v1.5`, `hash-384`, …); null for memories stored before models were recorded. */
  readonly embeddingModel: string | null;
  /** The user, session or conversation within the agent it belongs to; null when unscoped. */
  readonly scope: string | null;
  /** The caller's metadata as stored: canonical JSON of an object (memory-metadata.ts), or null. */
  readonly metadata: string | null;
  /** True when the caller gave the affect at encode (appraisal then keeps it); false when it was inferred. */
  readonly affectGiven: boolean;
  /** Hour of day it happened at (its occurredAt) in the agent's time zone, [0, 24); null for memories stored before hours were recorded and not backfilled. */
  readonly hourOfDay: number | null;
  /** The start of the agent's session it was encoded in; null for memories stored before sessions. */
  readonly sessionStartedAt: EpochMs | null;
  /** Who said or did it, as the caller named them (a person, a role such as `user`); null when not given. */
  readonly speaker: string | null;
}

export interface AgentRecord {
  readonly id: string;
  readonly tenantId: string;
  readonly preset: string;
  readonly createdAt: EpochMs;
  readonly affect: readonly number[];
  readonly affectAt: EpochMs;
  /** Flat [v, a, d, atMs]* of the last core-affect states (for momentum). */
  readonly affectHistory: readonly number[];
  readonly mood: readonly number[];
  readonly moodAt: EpochMs;
  readonly momentum: readonly number[];
  readonly energy: number;
  readonly energyAt: EpochMs;
  /** Legacy: absolute recall weights learned before learning was per query type (libs/affect's weight-array order), or null. */
  readonly weights: readonly number[] | null;
  /** What feedback taught, per query type (libs/affect learnedToArray), or null when nothing. */
  readonly learnedWeights: readonly number[] | null;
  /** IANA time zone of the hours of day its memories record; UTC when never set. */
  readonly timeZone: string;
  /** The current (or last) session: its start, interactions and last interaction; null before the first interaction. */
  readonly sessionStartedAt: EpochMs | null;
  readonly sessionInteractions: number;
  readonly lastInteractionAt: EpochMs | null;
}

export interface GoalRecord {
  readonly id: string;
  readonly name: string;
  readonly priority: number;
}

export interface PrimedConceptRecord {
  readonly name: string;
  readonly activation: number;
  readonly at: EpochMs;
}
