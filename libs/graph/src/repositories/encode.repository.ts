import type { EdgeType } from '@limbic/affect';
import type { AgentVectorSearch, NearestMemory } from '../agent-vector-search';
import type { MemoryRecord } from '../model';
import type { TxRunner } from '../neo4j-executor';
import { parseMemory } from '../record-parsers';
import { num } from '../records';
import { valenceBand } from '../valence-band';

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

/** A new item as the neighbour lookup needs it. */
export interface NeighbourLookup {
  readonly key: string;
  readonly embedding: readonly number[];
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
  readonly scope: string | null;
  /** storeMetadata's canonical JSON, or null. */
  readonly metadata: string | null;
  readonly metadataPairs: readonly string[];
  readonly affectGiven: boolean;
  /** Hour of day of occurredAt in the agent's time zone, [0, 24). */
  readonly hourOfDay: number;
  /** Start of the session the encode call belongs to. */
  readonly sessionStartedAt: number;
  readonly speaker: string | null;
}

export interface LinkRow {
  readonly from: string;
  readonly to: string;
  readonly type: EdgeType;
  readonly weight: number;
  readonly chain: boolean;
  /** A chain link's time between its memories (ms), for a held graph's episode walk; not stored. */
  readonly gapMs?: number;
}

/**
 * The encode transaction's operations, bound to one open write transaction (the caller
 * holds the agent lock). Kept apart from the planning so the planning stays pure.
 */
export class EncodeUnit {
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
   * Each item's k nearest live memories of the agent, by item key: its link candidates
   * (DESIGN §5). The new items themselves are not in the store yet; links among them come
   * from the batch's own planning.
   */
  async neighbours(vectors: AgentVectorSearch, items: readonly NeighbourLookup[], k: number): Promise<Map<string, LinkNeighbour[]>> {
    const found = await vectors.nearest(this.tx, this.scope, items.map((i) => ({ key: i.key, embedding: i.embedding })), { k });
    const neighbours = new Map<string, LinkNeighbour[]>();
    for (const [key, hits] of found) neighbours.set(key, hits.map((hit) => toNeighbour(hit, vectors)));
    return neighbours;
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

  /** `embeddingModel`: the name of the embedder that made the rows' vectors, recorded on each memory. */
  async createMemories(memories: readonly MemoryRow[], now: number, embeddingModel: string): Promise<MemoryRecord[]> {
    if (memories.length === 0) return [];
    const rows = await this.tx.run<{ memory: unknown }>('encode.create-memories', { ...this.scope, memories: memories.map(({ embedding, ...m }) => ({ ...m, vector: embedding, valenceBand: valenceBand(m.valence) })), now, embeddingModel });
    return rows.map((r) => parseMemory(r.memory));
  }

  async link(links: readonly LinkRow[], now: number): Promise<void> {
    if (links.length > 0) await this.tx.run('encode.link', { ...this.scope, links, now });
  }

  /**
   * Raises the agent's graph revision once for the encode (encode.raise-graph-rev; the caller
   * holds the agent's lock, so the revision before it is this one less) and says to what.
   */
  async raiseGraphRev(): Promise<{ graphRev: number; incarnation: string }> {
    const rows = await this.tx.run<{ graphRev: unknown; incarnation: unknown }>('encode.raise-graph-rev', this.scope);
    return { graphRev: num(rows[0]?.graphRev), incarnation: String(rows[0]?.incarnation ?? '') };
  }

  async unchain(pairs: readonly { from: string; to: string }[]): Promise<void> {
    if (pairs.length > 0) await this.tx.run('encode.unchain', { ...this.scope, pairs });
  }
}

function toNeighbour(hit: NearestMemory, vectors: AgentVectorSearch): LinkNeighbour {
  return {
    id: hit.id,
    cosine: vectors.cosine(hit.score),
    valence: hit.valence,
    arousal: hit.arousal,
    dominance: hit.dominance,
    occurredAt: hit.occurredAt,
  };
}
