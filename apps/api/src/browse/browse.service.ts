import { Inject, Injectable } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EDGE_TYPES, type EdgeType } from '@limbic/affect';
import {
  BrowseRepository,
  MemoryRepository,
  type AgentRecord,
  type MemoryDetailsRecord,
  type MemoryListFilter,
  type MemoryRecord,
  type NeighborhoodEdgeRecord,
  type NeighbourRecord,
} from '@limbic/graph';
import { notFound } from '../common/api-error';
import { requireCallerId, requireInt } from '../common/validate';
import type { MemoryListFilterInput } from '../memories/dto/memory-filter.types';
import { validateMemoryListFilter } from '../memories/memory-list-filter.validator';
import { MemoryOrder } from './dto/connection.types';
import { decodeAgentCursor, decodeMemoryCursor, encodeAgentCursor, encodeMemoryCursor } from './utils/cursor';

/** chosen: a screenful to a few; more per request is what cursors are for. */
export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 20;
/** chosen: the strongest few edges say what a memory is tied to; an agent's hubs can have hundreds. */
export const MAX_NEIGHBOURS = 50;
export const DEFAULT_NEIGHBOURS = 10;
/** chosen: a drawing stays readable, and each ring's expansion stays one bounded read. */
export const MAX_NEIGHBORHOOD_DEPTH = 3;
export const DEFAULT_NEIGHBORHOOD_DEPTH = 2;
export const MAX_NEIGHBORHOOD_NODES = 200;
export const DEFAULT_NEIGHBORHOOD_NODES = 50;

export interface NeighborhoodResult {
  readonly center: MemoryRecord;
  readonly nodes: readonly { readonly memory: MemoryRecord; readonly hops: number }[];
  readonly edges: readonly NeighborhoodEdgeRecord[];
  readonly truncated: boolean;
}

export interface Page<T> {
  readonly items: readonly { readonly cursor: string; readonly node: T }[];
  readonly hasNextPage: boolean;
  readonly endCursor: string | null;
}

export interface MemoryListArgs {
  readonly agentId: string;
  readonly filter?: MemoryListFilterInput | null;
  readonly first: number;
  readonly after?: string | null;
  readonly order: MemoryOrder;
}

@Injectable()
export class BrowseService {
  constructor(
    private readonly browse: BrowseRepository,
    private readonly memoriesById: MemoryRepository,
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
  ) {}

  /** A page of the agent's memories; another tenant's agent is not found, as in agent(id). */
  async memories(tenantId: string, args: MemoryListArgs): Promise<{ page: Page<MemoryRecord>; filter: MemoryListFilter }> {
    requireCallerId('agentId', args.agentId);
    const first = requireInt('first', args.first, 1, MAX_PAGE);
    const after = args.after === undefined || args.after === null ? null : decodeMemoryCursor('after', args.after);
    const filter = validateMemoryListFilter(args.filter, this.config.limits);
    const order = args.order === MemoryOrder.OCCURRED_AT_ASC ? 'OCCURRED_AT_ASC' : 'OCCURRED_AT_DESC';
    // One more than asked for tells whether another page follows.
    const rows = await this.browse.memoryPage({ tenantId, agentId: args.agentId, filter, order, after, limit: first + 1 });
    if (!rows) throw notFound(`agent ${args.agentId}`);
    return { page: paged(rows, first, (m) => encodeMemoryCursor({ occurredAt: m.occurredAt, id: m.id })), filter };
  }

  memoryCount(tenantId: string, agentId: string, filter: MemoryListFilter): Promise<number> {
    return this.browse.memoryCount(tenantId, agentId, filter);
  }

  async agents(tenantId: string, first: number, after: string | null | undefined): Promise<Page<AgentRecord>> {
    const size = requireInt('first', first, 1, MAX_PAGE);
    const afterId = after === undefined || after === null ? null : decodeAgentCursor('after', after);
    const rows = await this.browse.agentPage(tenantId, afterId, size + 1);
    return paged(rows, size, (a) => encodeAgentCursor(a.id));
  }

  agentCount(tenantId: string): Promise<number> {
    return this.browse.agentCount(tenantId);
  }

  async details(tenantId: string, memoryIds: readonly string[]): Promise<Map<string, MemoryDetailsRecord>> {
    return new Map((await this.browse.details(tenantId, memoryIds)).map((d) => [d.id, d]));
  }

  /** Checked before any loader is made: the arguments name the loader a request shares. */
  neighbourArgs(first: number, types: readonly string[] | null | undefined): { first: number; types: EdgeType[] } {
    return { first: requireInt('neighbours.first', first, 1, MAX_NEIGHBOURS), types: edgeTypes(types) };
  }

  /**
   * The memories within `depth` edges of one memory, ring by ring (each ring's strongest edges
   * first) until `maxNodes`, and the edges among them: depth + 2 bounded reads.
   */
  async neighborhood(tenantId: string, memoryId: string, depth: number, types: readonly string[] | null | undefined, maxNodes: number): Promise<NeighborhoodResult> {
    const hops = requireInt('depth', depth, 1, MAX_NEIGHBORHOOD_DEPTH);
    const cap = requireInt('maxNodes', maxNodes, 1, MAX_NEIGHBORHOOD_NODES);
    const wanted = edgeTypes(types);
    const center = memoryId.length <= 128 ? await this.memoriesById.get(tenantId, memoryId) : null;
    if (!center) throw notFound(`memory ${memoryId}`);
    const ring = new Map<string, number>([[center.id, 0]]);
    let frontier = [center.id];
    let truncated = false;
    for (let h = 1; h <= hops && frontier.length > 0; h++) {
      const room = cap - ring.size;
      // One more than there is room for tells whether the cap cut anything.
      const next = await this.browse.neighborhoodRing(tenantId, center.agentId, frontier, [...ring.keys()], wanted, room + 1);
      if (next.length > room) truncated = true;
      frontier = next.slice(0, room).map((n) => n.id);
      for (const id of frontier) ring.set(id, h);
    }
    const graph = await this.browse.neighborhoodGraph(tenantId, center.agentId, [...ring.keys()], wanted);
    const byId = new Map(graph.memories.map((m) => [m.id, m]));
    // Ring order as found; a memory deleted meanwhile drops out with its edges.
    const nodes = [...ring.entries()].flatMap(([id, h]) => {
      const memory = byId.get(id);
      return memory ? [{ memory, hops: h }] : [];
    });
    return { center, nodes, edges: graph.edges, truncated };
  }

  neighbours(tenantId: string, memoryIds: readonly string[], types: readonly EdgeType[], first: number): Promise<Map<string, NeighbourRecord[]>> {
    return this.browse.neighbours(tenantId, memoryIds, types, first);
  }
}

/** The asked edge types in the allow-list's order; all of them when none are asked. */
function edgeTypes(types: readonly string[] | null | undefined): EdgeType[] {
  return types && types.length > 0 ? EDGE_TYPES.filter((t) => types.includes(t)) : [...EDGE_TYPES];
}

function paged<T>(rows: readonly T[], first: number, cursorOf: (row: T) => string): Page<T> {
  const items = rows.slice(0, first).map((node) => ({ cursor: cursorOf(node), node }));
  return { items, hasNextPage: rows.length > first, endCursor: items.at(-1)?.cursor ?? null };
}
