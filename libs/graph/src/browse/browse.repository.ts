import { Injectable } from '@nestjs/common';
import { EDGE_TYPES, type EdgeType } from '@limbic/affect';
import type { AgentRecord, MemoryRecord } from '../model';
import { Neo4jExecutor } from '../neo4j-executor';
import { parseAgent, parseMemory } from '../record-parsers';
import { num, numList, toPlain } from '../records';
import type { MemoryDetailsRecord, MemoryOrder, MemoryPosition, NeighborhoodEdgeRecord, NeighbourRecord } from './browse.types';
import type { MemoryListFilter } from './memory-list-filter';
import { occurredBounds } from './occurred-bounds';

export interface MemoryPageQuery {
  readonly tenantId: string;
  readonly agentId: string;
  readonly filter: MemoryListFilter;
  readonly order: MemoryOrder;
  /** The last memory of the previous page; null for the first page. */
  readonly after: MemoryPosition | null;
  readonly limit: number;
}

@Injectable()
export class BrowseRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /** A page of the agent's memories in `order`, or null when the agent does not exist in the tenant. */
  async memoryPage(q: MemoryPageQuery): Promise<MemoryRecord[] | null> {
    const { lowestMs, highestMs } = occurredBounds(q.filter, q.order, q.after);
    const rows = await this.db.read<{ memories: unknown[] }>(q.order === 'OCCURRED_AT_DESC' ? 'browse.memories-desc' : 'browse.memories-asc', {
      tenantId: q.tenantId,
      agentId: q.agentId,
      filter: { ...q.filter },
      lowestMs,
      highestMs,
      atMs: q.after?.occurredAt ?? 0,
      afterId: q.after?.id ?? null,
      limit: q.limit,
    });
    const row = rows[0];
    return row ? row.memories.map(parseMemory) : null;
  }

  async memoryCount(tenantId: string, agentId: string, filter: MemoryListFilter): Promise<number> {
    const { lowestMs, highestMs } = occurredBounds(filter, 'OCCURRED_AT_DESC', null);
    const rows = await this.db.read<{ total: number }>('browse.memory-count', { tenantId, agentId, filter: { ...filter }, lowestMs, highestMs });
    return num(rows[0]?.total);
  }

  async agentPage(tenantId: string, afterId: string | null, limit: number): Promise<AgentRecord[]> {
    const rows = await this.db.read<{ agent: unknown }>('browse.agents', { tenantId, afterId: afterId ?? '', limit });
    return rows.map((r) => parseAgent(r.agent));
  }

  async agentCount(tenantId: string): Promise<number> {
    const rows = await this.db.read<{ total: number }>('browse.agent-count', { tenantId });
    return num(rows[0]?.total);
  }

  /** Details of the tenant's memories among `memoryIds`; ids not found are absent from the result. */
  async details(tenantId: string, memoryIds: readonly string[]): Promise<MemoryDetailsRecord[]> {
    const rows = await this.db.read<Record<string, unknown>>('browse.memory-details', { tenantId, memoryIds: [...memoryIds] });
    return rows.map((r) => ({
      id: String(r.id),
      moodAtEncoding: Array.isArray(r.moodAtEncoding) ? numList(r.moodAtEncoding) : null,
      momentumAtEncoding: Array.isArray(r.momentumAtEncoding) ? numList(r.momentumAtEncoding) : null,
      consolidation: nullableNum(r.consolidation),
      stability: nullableNum(r.stability),
      reviewCount: num(r.reviewCount),
      nextReviewAt: nullableNum(r.nextReviewAt),
      lastAccessedAt: nullableNum(r.lastAccessedAt),
    }));
  }

  /** Each memory's strongest `first` edges of `types`, by memory id; ids not found map to nothing. */
  async neighbours(tenantId: string, memoryIds: readonly string[], types: readonly EdgeType[], first: number): Promise<Map<string, NeighbourRecord[]>> {
    const rows = await this.db.read<{ memoryId: string; neighbours: unknown }>('browse.neighbours', {
      tenantId,
      memoryIds: [...memoryIds],
      types: [...types],
      first,
    });
    const out = new Map<string, NeighbourRecord[]>();
    for (const row of rows) {
      const list = toPlain(row.neighbours) as Record<string, unknown>[];
      out.set(row.memoryId, list.filter((n) => isEdgeType(n.type)).map((n) => ({
        type: n.type as EdgeType,
        weight: num(n.weight),
        outgoing: n.outgoing === true,
        coActivations: num(n.coActivations),
        createdAt: nullableNum(n.createdAt),
        strengthenedAt: nullableNum(n.strengthenedAt),
        memory: parseMemory(n.memory),
      })));
    }
    return out;
  }

  /**
   * The next ring around `frontier`: memories of the agent one edge of `types` away that are not
   * in `seen`, with their strongest edge's weight, strongest first, at most `room`.
   */
  async neighborhoodRing(
    tenantId: string,
    agentId: string,
    frontier: readonly string[],
    seen: readonly string[],
    types: readonly EdgeType[],
    room: number,
  ): Promise<{ id: string; weight: number }[]> {
    const rows = await this.db.read<{ id: string; weight: number }>('browse.neighborhood-layer', {
      tenantId,
      agentId,
      frontier: [...frontier],
      seen: [...seen],
      types: [...types],
      room,
    });
    return rows.map((r) => ({ id: r.id, weight: num(r.weight) }));
  }

  /** The memories among `memoryIds` (of the agent) and every edge of `types` between two of them. */
  async neighborhoodGraph(
    tenantId: string,
    agentId: string,
    memoryIds: readonly string[],
    types: readonly EdgeType[],
  ): Promise<{ memories: MemoryRecord[]; edges: NeighborhoodEdgeRecord[] }> {
    const rows = await this.db.read<{ memories: unknown[]; edges: unknown }>('browse.neighborhood-graph', { tenantId, agentId, memoryIds: [...memoryIds], types: [...types] });
    const row = rows[0];
    if (!row) return { memories: [], edges: [] };
    const edges = (toPlain(row.edges) as Record<string, unknown>[])
      .filter((e) => isEdgeType(e.type))
      .map((e) => ({ from: String(e.from), to: String(e.to), type: e.type as EdgeType, weight: num(e.weight) }));
    return { memories: row.memories.map(parseMemory), edges };
  }
}

function nullableNum(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function isEdgeType(v: unknown): v is EdgeType {
  return (EDGE_TYPES as readonly unknown[]).includes(v);
}
