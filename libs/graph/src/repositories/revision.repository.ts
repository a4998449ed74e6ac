import { Injectable } from '@nestjs/common';
import type { RevisionDiff, RevisionKind, RevisionValue } from '@limbic/affect';
import { canonicalJson } from '../canonical-json';
import type { MemoryRecord } from '../model';
import { Neo4jExecutor, type TxRunner } from '../neo4j-executor';
import { parseMemory } from '../record-parsers';
import { num, str, strList } from '../records';

/** A revision to write: its content (libs/affect memory-revision) and where it belongs. */
export interface NewRevision extends RevisionDiff {
  /** The memory that holds it (and takes it along when it is merged or deleted). */
  readonly holderId: string;
  /** The memory it describes: the holder, or a memory merged into the holder. */
  readonly memoryId: string;
  readonly kind: RevisionKind;
  /** The other memory of a merge: the survivor (MERGE_INTO) or the merged one (MERGED_FROM). */
  readonly relatedMemoryId: string | null;
}

export interface RevisionRecord {
  readonly memoryId: string;
  readonly seq: number;
  readonly at: number;
  readonly kind: RevisionKind;
  readonly fields: readonly string[];
  readonly before: { readonly [field: string]: RevisionValue };
  readonly after: { readonly [field: string]: RevisionValue };
  readonly relatedMemoryId: string | null;
}

/**
 * Writes revisions inside the caller's transaction, which holds the agent's lock and makes the
 * change they describe: a change and its revision commit together or not at all. Old and new
 * values are stored as canonical JSON text (Neo4j properties hold no maps).
 */
export async function appendRevisions(tx: TxRunner, tenantId: string, revisions: readonly NewRevision[], now: number): Promise<void> {
  if (revisions.length === 0) return;
  await tx.run('revision.append', {
    tenantId,
    now,
    revisions: revisions.map((r) => ({
      holderId: r.holderId,
      memoryId: r.memoryId,
      kind: r.kind,
      fields: [...r.fields],
      before: canonicalJson(r.before),
      after: canonicalJson(r.after),
      relatedMemoryId: r.relatedMemoryId,
    })),
  });
}

@Injectable()
export class RevisionRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /** Newest first, at most `first`. */
  async list(tenantId: string, memoryId: string, first: number): Promise<RevisionRecord[]> {
    const rows = await this.db.read<Record<string, unknown>>('revision.list', { tenantId, memoryId, first });
    return rows.map((r) => ({
      memoryId: String(r.memoryId),
      seq: num(r.seq),
      at: num(r.at),
      kind: String(r.kind) as RevisionKind,
      fields: strList(r.fields),
      before: jsonObject(r.before),
      after: jsonObject(r.after),
      relatedMemoryId: str(r.relatedMemoryId),
    }));
  }

  /** The memory `memoryId` was merged into (directly or through later merges), or null. */
  async mergedInto(tenantId: string, memoryId: string): Promise<MemoryRecord | null> {
    const rows = await this.db.read<{ memory: unknown }>('revision.merged-into', { tenantId, memoryId });
    return rows[0] ? parseMemory(rows[0].memory) : null;
  }
}

function jsonObject(text: unknown): { readonly [field: string]: RevisionValue } {
  if (typeof text !== 'string') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { [field: string]: RevisionValue }) : {};
  } catch {
    return {};
  }
}
