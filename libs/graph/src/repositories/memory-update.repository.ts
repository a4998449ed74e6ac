import type { AgentVectorSearch, VectorProbe } from '../agent-vector-search';
import type { MemoryRecord } from '../model';
import type { TxRunner } from '../neo4j-executor';
import { parseMemory } from '../record-parsers';
import { numList, strList } from '../records';
import { VALENCE_BAND_LABELS, valenceBand } from '../valence-band';
import type { LinkNeighbour } from './encode.repository';

/** The memory as updateMemory reads it under the agent's lock. */
export interface MemoryForUpdate {
  readonly memory: MemoryRecord;
  readonly moodAtEncoding: readonly number[];
  /** Its temporal-chain neighbours: a relink never adds a second TEMPORAL edge to them. */
  readonly chained: readonly string[];
}

/** The stored properties an update may set; absent ones stay. `metadata: null` removes both metadata properties. */
export interface MemoryUpdateProps {
  readonly content?: string;
  readonly tags?: readonly string[];
  readonly importance?: number;
  readonly valence?: number;
  readonly arousal?: number;
  readonly dominance?: number;
  readonly consolidation?: number;
  readonly expectedAffect?: readonly number[];
  /** The caller gave this affect: the slow path (appraisal) must not blend it away. */
  readonly affectGiven?: boolean;
  readonly pendingAppraisal?: boolean;
  readonly metadata?: string | null;
  readonly metadataPairs?: readonly string[];
  /** null removes it. */
  readonly speaker?: string | null;
}

export interface MemoryUpdateWrite {
  readonly set: MemoryUpdateProps;
  /** The new text's vector, with the name of the embedder that made it; null: unchanged. */
  readonly vector: { readonly embedding: readonly number[]; readonly model: string } | null;
  /** The memory's concepts (tags and text concepts) when they may have changed; null: unchanged. */
  readonly concepts: readonly string[] | null;
}

/**
 * The updateMemory transaction's operations, bound to one open write transaction whose caller
 * holds the agent's lock. Linking itself is encode's (EncodeUnit.link).
 */
export class MemoryUpdateUnit {
  constructor(
    private readonly tx: TxRunner,
    private readonly tenantId: string,
    private readonly agentId: string,
  ) {}

  private get scope() {
    return { tenantId: this.tenantId, agentId: this.agentId };
  }

  async load(memoryId: string): Promise<MemoryForUpdate | null> {
    const rows = await this.tx.run<{ memory: unknown; moodAtEncoding: unknown; chained: unknown }>('memory.update-load', { ...this.scope, memoryId });
    const row = rows[0];
    if (!row) return null;
    return { memory: parseMemory(row.memory), moodAtEncoding: numList(row.moodAtEncoding), chained: strList(row.chained) };
  }

  /**
   * The memory's link candidates (DESIGN §5): the agent's k live memories nearest to its new
   * vector, or to its stored one (`embedding` null), itself excluded.
   */
  async neighbours(vectors: AgentVectorSearch, memoryId: string, embedding: readonly number[] | null, k: number): Promise<LinkNeighbour[]> {
    const probe: VectorProbe = embedding ? { key: 'm', embedding } : { key: 'm', memoryId };
    const found = await vectors.nearest(this.tx, this.scope, [probe], { k: k + 1 });
    return (found.get('m') ?? [])
      .filter((hit) => hit.id !== memoryId)
      .slice(0, k)
      .map((hit) => ({ id: hit.id, cosine: vectors.cosine(hit.score), valence: hit.valence, arousal: hit.arousal, dominance: hit.dominance, occurredAt: hit.occurredAt }));
  }

  /** Removes the memory's resonance edges but the temporal chain; returns how many. */
  async unlink(memoryId: string): Promise<number> {
    const rows = await this.tx.run<{ removed: number }>('memory.update-unlink', { ...this.scope, memoryId });
    return rows[0]?.removed ?? 0;
  }

  async apply(memoryId: string, write: MemoryUpdateWrite, now: number): Promise<MemoryRecord> {
    const rows = await this.tx.run<{ memory: unknown }>('memory.update-apply', {
      ...this.scope,
      memoryId,
      now,
      set: write.set,
      valenceBand: write.set.valence === undefined ? null : valenceBand(write.set.valence),
      valenceBands: VALENCE_BAND_LABELS,
      vector: write.vector?.embedding ?? null,
      embeddingModel: write.vector?.model ?? null,
      concepts: write.concepts,
    });
    const row = rows[0];
    if (!row) throw new Error(`memory ${memoryId} vanished under its agent's lock`);
    return parseMemory(row.memory);
  }
}
