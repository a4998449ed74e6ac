import type { MemoryRecord } from '../model';
import type { TxRunner } from '../neo4j-executor';
import { parseMemory } from '../record-parsers';
import { num, toPlain } from '../records';

/** An existing memory as the linker sees it. */
export interface LinkNeighbour {
  readonly id: string;
  /** Cosine similarity in [−1, 1]. */
  readonly cosine: number;
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  readonly occurredAt: number;
}

export interface ChainMember {
  readonly id: string;
  readonly occurredAt: number;
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
}

export interface MemoryRow {
  readonly id: string;
  readonly externalId: string | null;
  readonly content: string;
  readonly embedding: readonly number[];
  readonly occurredAt: number;
  readonly valence: number;
  readonly arousal: number;
  readonly dominance: number;
  readonly moodAtEncoding: readonly number[];
  readonly momentumAtEncoding: readonly number[];
  readonly consolidation: number;
  readonly importance: number;
  readonly tags: readonly string[];
  readonly concepts: readonly string[];
  readonly expectedAffect: readonly number[];
  readonly predictionRate: number;
  readonly stability: number;
  readonly nextReviewAt: number;
}

export interface LinkRow {
  readonly from: string;
  readonly to: string;
  readonly type: 'SEMANTIC' | 'EMOTIONAL' | 'TEMPORAL' | 'CAUSAL' | 'CONTRASTIVE';
  readonly weight: number;
  readonly chain: boolean;
}

/**
 * The encode transaction's operations, bound to one open write transaction (the caller
 * holds the agent lock). Kept apart from the planning so the planning stays pure.
 */
export class EncodeTx {
  constructor(
    private readonly tx: TxRunner,
    private readonly tenantId: string,
    private readonly agentId: string,
  ) {}

  private get scope() {
    return { tenantId: this.tenantId, agentId: this.agentId };
  }

  async existingByExternalId(externalIds: readonly string[]): Promise<MemoryRecord[]> {
    if (externalIds.length === 0) return [];
    const rows = await this.tx.run<{ memory: unknown }>('encode.existing-external', { ...this.scope, externalIds });
    return rows.map((r) => parseMemory(r.memory));
  }

  /**
   * The agent's memory count, capped at budget + 1 (enough to decide; counting a large agent
   * in full on every encode is O(n)), and each item's k nearest existing memories: by exact
   * scan while count × items ≤ budget (`exact`), from the vector index past it. One query,
   * so that it can be sent with the lock, before the count is known.
   */
  async neighbours(
    items: readonly { key: string; embedding: readonly number[] }[],
    k: number,
    budget: number,
  ): Promise<{ stored: number; exact: boolean; neighbours: Map<string, LinkNeighbour[]> }> {
    if (items.length === 0) return { stored: 0, exact: true, neighbours: new Map() };
    // Linking needs good neighbours, not exact ones: a modest over-fetch keeps the HNSW search
    // cheap; a small agent lost in a large index takes the exact path (see the budget).
    const params = { ...this.scope, items, k, budget, fetch: Math.max(40, k * 4) };
    const rows = await this.tx.run<{ stored: unknown; exact: boolean; key: string; neighbours: unknown[] }>('encode.neighbours', params);
    return {
      stored: num(rows[0]?.stored),
      exact: rows[0]?.exact ?? true,
      neighbours: new Map(rows.map((r) => [String(r.key), r.neighbours.map(parseNeighbour)])),
    };
  }

  async chainWindow(from: number, to: number): Promise<ChainMember[]> {
    const rows = await this.tx.run<Record<string, unknown>>('encode.chain-window', { ...this.scope, from, to });
    return rows.map((r) => ({
      id: String(r.id),
      occurredAt: num(r.occurredAt),
      valence: num(r.valence),
      arousal: num(r.arousal),
      dominance: num(r.dominance, 0.5),
    }));
  }

  async createMemories(memories: readonly MemoryRow[], now: number): Promise<MemoryRecord[]> {
    if (memories.length === 0) return [];
    const rows = await this.tx.run<{ memory: unknown }>('encode.create-memories', { ...this.scope, memories, now });
    return rows.map((r) => parseMemory(r.memory));
  }

  async link(links: readonly LinkRow[], now: number): Promise<void> {
    if (links.length > 0) await this.tx.run('encode.link', { ...this.scope, links, now });
  }

  async unchain(pairs: readonly { from: string; to: string }[]): Promise<void> {
    if (pairs.length > 0) await this.tx.run('encode.unchain', { ...this.scope, pairs });
  }
}

function parseNeighbour(raw: unknown): LinkNeighbour {
  const n = toPlain(raw) as Record<string, unknown>;
  return {
    id: String(n.id),
    // The index and vector.similarity.cosine both report (1 + cos) / 2.
    cosine: 2 * num(n.score) - 1,
    valence: num(n.valence),
    arousal: num(n.arousal),
    dominance: num(n.dominance, 0.5),
    occurredAt: num(n.occurredAt),
  };
}
