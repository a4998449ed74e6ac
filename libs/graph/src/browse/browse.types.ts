import type { EdgeType } from '@limbic/affect';
import type { MemoryRecord } from '../model';
import type { EpochMs } from '../records';

/** Listing order of an agent's memories: by occurredAt, ties by id, in one direction. */
export type MemoryOrder = 'OCCURRED_AT_DESC' | 'OCCURRED_AT_ASC';

/** A memory's place in a listing: the sort key a page continues after. */
export interface MemoryPosition {
  readonly occurredAt: EpochMs;
  readonly id: string;
}

/** What the graph holds about a memory beyond its row: its state at encoding and its review schedule. */
export interface MemoryDetailsRecord {
  readonly id: string;
  /** Mood [v, a, d] when it was encoded; null for memories stored without it. */
  readonly moodAtEncoding: readonly number[] | null;
  /** Momentum [dv, da, dd] per hour when it was encoded. */
  readonly momentumAtEncoding: readonly number[] | null;
  /** Consolidation strength at encoding (DESIGN §3), 0.1 … 1. */
  readonly consolidation: number | null;
  readonly stability: number | null;
  readonly reviewCount: number;
  /** Null once archived (archived memories are not reviewed). */
  readonly nextReviewAt: EpochMs | null;
  readonly lastAccessedAt: EpochMs | null;
}

/** One resonance edge of a memory, seen from that memory. */
export interface NeighbourRecord {
  readonly type: EdgeType;
  readonly weight: number;
  /** True when the edge was created from this memory to the other (creation order; traversal ignores it). */
  readonly outgoing: boolean;
  readonly coActivations: number;
  readonly createdAt: EpochMs | null;
  readonly strengthenedAt: EpochMs | null;
  readonly memory: MemoryRecord;
}

/** An edge of a neighborhood, in its stored direction. */
export interface NeighborhoodEdgeRecord {
  readonly from: string;
  readonly to: string;
  readonly type: EdgeType;
  readonly weight: number;
}
