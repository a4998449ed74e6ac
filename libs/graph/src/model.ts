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
}

export interface AgentRecord {
  readonly id: string;
  readonly tenantId: string;
  readonly preset: string;
  readonly createdAt: EpochMs;
  readonly affect: readonly number[];
  readonly mood: readonly number[];
  readonly momentum: readonly number[];
  readonly energy: number;
}
