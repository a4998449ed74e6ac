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

/** A new item's embedding and, when the caller's cache ranked them, its candidate neighbours. */
export interface NeighbourLookup {
  readonly key: string;
  readonly embedding: readonly number[];
  readonly candidates?: readonly string[] | null;
}

export interface NeighbourAnswer {
  /** The agent's memory count, capped at budget + 1 (the caller's when fresh). */
  readonly stored: number;
  readonly exact: boolean;
  /** The caller's cache was at the agent's current linkEpoch. */
  readonly fresh: boolean;
  /** The agent's linkEpoch before this transaction's writes. */
  readonly epoch: string | null;
  readonly neighbours: Map<string, LinkNeighbour[]>;
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
   * With `cached` (the caller's copy of the agent's embeddings, at its linkEpoch) and items
   * carrying candidates, the scan reads only those while the epoch is current (`fresh`).
   */
  async neighbours(
    items: readonly NeighbourLookup[],
    k: number,
    budget: number,
    cached: { readonly epoch: string; readonly stored: number } | null = null,
  ): Promise<NeighbourAnswer> {
    if (items.length === 0) return { stored: 0, exact: true, fresh: false, epoch: null, neighbours: new Map() };
    // Linking needs good neighbours, not exact ones: a modest over-fetch keeps the HNSW search
    // cheap; a small agent lost in a large index takes the exact path (see the budget).
    const params = {
      ...this.scope,
      items: items.map((i) => ({ key: i.key, embedding: i.embedding, candidates: i.candidates ?? null })),
      k,
      budget,
      fetch: Math.max(40, k * 4),
      epoch: cached?.epoch ?? null,
      stored: cached?.stored ?? 0,
    };
    const rows = await this.tx.run<{ fresh: boolean; epoch: unknown; stored: unknown; exact: boolean; key: string; neighbours: unknown[] }>('encode.neighbours', params);
    const first = rows[0];
    return {
      stored: num(first?.stored),
      exact: first?.exact ?? true,
      fresh: first?.fresh ?? false,
      epoch: typeof first?.epoch === 'string' ? first.epoch : null,
      neighbours: new Map(rows.map((r) => [String(r.key), r.neighbours.map(parseNeighbour)])),
    };
  }

  /**
   * The agent's linkable memories (at most limit + 1, enough to tell it is too large), with
   * the embeddings of those not in `known`. Meant to run after the transaction's writes.
   */
  async linkable(known: readonly string[], limit: number): Promise<{ id: string; embedding: number[] | null }[]> {
    const rows = await this.tx.run<{ id: string; embedding: unknown }>('encode.linkable', { ...this.scope, known, limit });
    return rows.map((r) => ({ id: String(r.id), embedding: Array.isArray(r.embedding) ? r.embedding.map((x) => num(x)) : null }));
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

  /** linkEpoch: the agent's new epoch (encode.neighbours), chosen by the caller so it can cache at it. */
  async createMemories(memories: readonly MemoryRow[], now: number, linkEpoch: string): Promise<MemoryRecord[]> {
    if (memories.length === 0) return [];
    const rows = await this.tx.run<{ memory: unknown }>('encode.create-memories', { ...this.scope, memories, now, linkEpoch });
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
