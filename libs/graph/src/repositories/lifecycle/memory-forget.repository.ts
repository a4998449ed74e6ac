import { Injectable } from '@nestjs/common';
import { archiveRevision, lexiconDelta } from '@limbic/affect';
import type { MemoryRecord } from '../../model';
import { Neo4jExecutor } from '../../neo4j-executor';
import { parseMemory } from '../../record-parsers';
import { num, numList, toPlain } from '../../records';
import { adjustLexicon } from '../lexicon.repository';
import { appendRevisions } from '../revision.repository';

export interface ChainNeighbour {
  readonly id: string;
  readonly occurredAt: number;
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  readonly embedding: readonly number[];
  /** True when the chain edge runs from the deleted memory to this neighbour. */
  readonly outgoing: boolean;
}

/** The deleted memory's place in its agent's temporal chain. */
export interface ChainPosition {
  readonly memoryId: string;
  readonly occurredAt: number;
  readonly neighbours: readonly ChainNeighbour[];
}

/** A replacement chain edge; from and to follow the direction encode gives chain edges. */
export interface ChainLink {
  readonly fromId: string;
  readonly toId: string;
  readonly weight: number;
}

export interface HardDeleteResult {
  readonly edgesRemoved: number;
  readonly relinked: boolean;
}

/** Forgetting one memory: archive (soft), restore, and hard delete that closes the chain's gap. */
@Injectable()
export class MemoryForgetRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /** Archives the memory; the first archiving writes its FORGET revision in the same transaction. */
  archive(tenantId: string, memoryId: string, now: number): Promise<MemoryRecord | null> {
    return this.setArchived('lifecycle.memory-archive', tenantId, memoryId, now);
  }

  /** Brings an archived memory back, with its RESTORE revision; restoring a live one changes nothing. */
  restore(tenantId: string, memoryId: string, now: number): Promise<MemoryRecord | null> {
    return this.setArchived('lifecycle.memory-restore', tenantId, memoryId, now);
  }

  private setArchived(query: 'lifecycle.memory-archive' | 'lifecycle.memory-restore', tenantId: string, memoryId: string, now: number): Promise<MemoryRecord | null> {
    return this.db.writeTx(query, async (tx) => {
      const rows = await tx.run<{ memory: unknown; changed: boolean }>(query, { tenantId, memoryId, now });
      const row = rows[0];
      if (!row) return null;
      if (row.changed) {
        const revision = archiveRevision(query === 'lifecycle.memory-archive');
        await appendRevisions(tx, tenantId, [{ holderId: memoryId, memoryId, relatedMemoryId: null, ...revision }], now);
      }
      return parseMemory(row.memory);
    }, tenantId);
  }

  /**
   * Deletes the memory and its edges in one transaction that holds the agent's lock; `relink`
   * (pure, may run again on a retry) decides from the chain around the memory which edge
   * closes the gap. Null when the memory does not exist in the tenant.
   */
  hardDelete(
    tenantId: string,
    memoryId: string,
    now: number,
    relink: (position: ChainPosition) => ChainLink | null,
  ): Promise<HardDeleteResult | null> {
    return this.db.writeTx('lifecycle.hard-delete', async (tx) => {
      const found = await tx.run<{ neighbours: unknown; occurredAt: unknown; agentId: unknown; content: unknown }>('lifecycle.memory-chain-neighbours', {
        tenantId,
        memoryId,
      });
      const row = found[0];
      if (!row) return null;
      const neighbours = (toPlain(row.neighbours) as Record<string, unknown>[]).map((n) => ({
        id: String(n.id),
        occurredAt: num(n.occurredAt),
        valence: num(n.valence),
        arousal: num(n.arousal),
        dominance: num(n.dominance, 0.5),
        embedding: numList(n.embedding),
        outgoing: n.outgoing === true,
      }));
      const link = relink({ memoryId, occurredAt: num(toPlain(row.occurredAt)), neighbours });
      const deleted = await tx.run<{ edges: number }>('lifecycle.memory-delete', { tenantId, memoryId });
      if (typeof row.content === 'string') await adjustLexicon(tx, tenantId, String(row.agentId), lexiconDelta([row.content], -1));
      const linked = link ? await tx.run('lifecycle.chain-link', { tenantId, ...link, now }) : [];
      return { edgesRemoved: deleted[0]?.edges ?? 0, relinked: linked.length > 0 };
    }, tenantId);
  }
}
