import { Injectable } from '@nestjs/common';
import neo4j from 'neo4j-driver';
import type { EmbeddingSlot } from '../embedding-space/embedding-slot';
import { DEFAULT_SLOT, LEGACY_SLOT_INDEXES, SLOT_INDEX } from '../embedding-space/embedding-slot';
import { Neo4jExecutor } from '../neo4j-executor';
import { QueryRegistry } from '../query-registry';
import { num, toPlain } from '../records';
import { parseRun, type ReembedPhase, type ReembedRun } from './reembed-run';

/** What a run re-embeds: memories (their content) and goals (their name); labels from this allow-list only. */
export type ReembedLabel = 'Memory' | 'Goal';

export interface NewRun {
  readonly runId: string;
  readonly tenantId: string;
  readonly sourceSlot: EmbeddingSlot;
  readonly sourceModel: string;
  readonly targetSlot: EmbeddingSlot;
  readonly targetModel: string;
  readonly targetDimension: number;
  readonly now: number;
}

export interface PendingText {
  readonly id: string;
  readonly text: string;
}

/** A run's step, as the guard of every write names it. */
export interface StepKey {
  readonly tenantId: string;
  readonly runId: string;
  readonly step: number;
}

/** Storage of re-embed runs: every write is guarded by the run's step (see reembed.write-vectors). */
@Injectable()
export class ReembedRepository {
  constructor(
    private readonly db: Neo4jExecutor,
    private readonly queries: QueryRegistry,
  ) {}

  /** False when a run of the tenant is already in progress (nothing written). */
  async start(run: NewRun): Promise<boolean> {
    const rows = await this.db.write('reembed.start', { ...run, targetDimension: neo4j.int(run.targetDimension) });
    return rows.length > 0;
  }

  async get(tenantId: string, runId: string | null = null): Promise<ReembedRun | null> {
    const rows = await this.db.read<{ run: unknown }>('reembed.get', { tenantId, runId });
    return rows[0] ? parseRun(rows[0].run) : null;
  }

  /** The tenant's runs, newest first. */
  async runs(tenantId: string, limit: number): Promise<ReembedRun[]> {
    const rows = await this.db.read<{ run: unknown }>('reembed.runs', { tenantId, limit });
    return rows.map((r) => parseRun(r.run));
  }

  async inProgress(tenants: readonly string[] | null): Promise<ReembedRun[]> {
    const rows = await this.db.read<{ run: unknown }>('reembed.in-progress', { tenants });
    return rows.map((r) => parseRun(r.run));
  }

  async tenantKnown(tenantId: string): Promise<boolean> {
    const rows = await this.db.read<{ known: unknown }>('reembed.tenant-known', { tenantId });
    return rows[0]?.known === true;
  }

  async pending(run: ReembedRun, label: ReembedLabel, limit: number): Promise<PendingText[]> {
    const rows = await this.db.read<{ id: unknown; text: unknown }>('reembed.pending', {
      tenantId: run.tenantId,
      runId: run.id,
      label,
      targetSlot: run.targetSlot,
      catchUp: run.phase === 'cleaning',
      limit,
    });
    return rows.map((r) => ({ id: String(r.id), text: typeof r.text === 'string' ? r.text : '' }));
  }

  /** Null when the step had already moved on (a replay): nothing was written. */
  async writeVectors(key: StepKey, phase: ReembedPhase, label: ReembedLabel, rows: readonly { id: string; vector: number[] }[], now: number): Promise<number | null> {
    const found = await this.db.write<{ written: unknown }>(
      'reembed.write-vectors',
      { ...key, phase, label, rows, now, counter: label === 'Memory' ? 'embedded' : 'goals' },
    );
    return found[0] ? num(toPlain(found[0].written)) : null;
  }

  async advance(key: StepKey, phase: ReembedPhase, next: ReembedPhase, now: number, error: string | null = null): Promise<boolean> {
    return (await this.db.write('reembed.advance', { ...key, phase, next, now, error })).length > 0;
  }

  async switchSpace(key: StepKey, now: number): Promise<boolean> {
    return (await this.db.write('reembed.switch', { ...key, now })).length > 0;
  }

  async clearOld(key: StepKey, label: ReembedLabel, limit: number, now: number): Promise<number | null> {
    const rows = await this.db.write<{ cleared: unknown }>('reembed.clear-old', { ...key, label, limit, now });
    return rows[0] ? num(toPlain(rows[0].cleared)) : null;
  }

  async slotInUse(slot: EmbeddingSlot, exceptRunId: string): Promise<boolean> {
    // Every tenant never re-embedded reads the default slot.
    if (slot === DEFAULT_SLOT) return true;
    const rows = await this.db.read<{ inUse: unknown }>('reembed.slot-in-use', { slot, runId: exceptRunId });
    return rows[0]?.inUse === true;
  }

  async indexDimension(slot: EmbeddingSlot): Promise<number | null> {
    return this.dimensionOf(SLOT_INDEX[slot]);
  }

  /** The dimension of the slot's newest index an earlier schema built (LEGACY_SLOT_INDEXES); null when none is left. */
  async legacyIndexDimension(slot: EmbeddingSlot): Promise<number | null> {
    for (const name of LEGACY_SLOT_INDEXES[slot]) {
      const dimension = await this.dimensionOf(name);
      if (dimension !== null) return dimension;
    }
    return null;
  }

  /**
   * The slot's index of an earlier schema replaced by the current one at `dimension`, in one
   * transaction: the successor has the same schema (label, property, filter properties), which
   * Neo4j holds once, so it cannot be built beside it, and a crash between a drop and a create
   * would leave the slot without an index and nothing to tell its dimension.
   */
  async replaceLegacyIndexes(slot: EmbeddingSlot, dimension: number): Promise<void> {
    await this.db.runRawTogether('reembed.replace-legacy-index', [
      { text: this.queries.get('reembed.drop-filtered-index', slot) },
      ...(slot === 'embeddingAlt' ? [{ text: this.queries.get('reembed.drop-legacy-index') }] : []),
      { text: this.queries.get('reembed.create-index', slot), params: { dimension: neo4j.int(dimension) } },
    ]);
  }

  private async dimensionOf(name: string): Promise<number | null> {
    const rows = await this.db.read<{ dimension: unknown }>('schema.vector-index-dimension', { name });
    const d = rows[0]?.dimension;
    return d === undefined || d === null ? null : num(toPlain(d));
  }

  async indexState(slot: EmbeddingSlot): Promise<string | null> {
    const rows = await this.db.read<{ state: unknown }>('vector.index-state', { name: SLOT_INDEX[slot] });
    return typeof rows[0]?.state === 'string' ? rows[0].state : null;
  }

  /** Schema statements run outside data transactions (runRaw); the text is the slot's variant of the file. */
  async createIndex(slot: EmbeddingSlot, dimension: number): Promise<void> {
    await this.db.runRaw('reembed.create-index', this.queries.get('reembed.create-index', slot), { dimension: neo4j.int(dimension) });
  }

  async dropIndex(slot: EmbeddingSlot): Promise<void> {
    await this.db.runRaw('reembed.drop-index', this.queries.get('reembed.drop-index', slot));
  }
}
