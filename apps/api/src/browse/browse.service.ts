import { Inject, Injectable } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { EDGE_TYPES, type EdgeType } from '@limbic/affect';
import { BrowseRepository, type AgentRecord, type MemoryDetailsRecord, type MemoryListFilter, type MemoryRecord, type NeighbourRecord } from '@limbic/graph';
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
    const size = requireInt('neighbours.first', first, 1, MAX_NEIGHBOURS);
    const wanted = types && types.length > 0 ? EDGE_TYPES.filter((t) => types.includes(t)) : [...EDGE_TYPES];
    return { first: size, types: wanted };
  }

  neighbours(tenantId: string, memoryIds: readonly string[], types: readonly EdgeType[], first: number): Promise<Map<string, NeighbourRecord[]>> {
    return this.browse.neighbours(tenantId, memoryIds, types, first);
  }
}

function paged<T>(rows: readonly T[], first: number, cursorOf: (row: T) => string): Page<T> {
  const items = rows.slice(0, first).map((node) => ({ cursor: cursorOf(node), node }));
  return { items, hasNextPage: rows.length > first, endCursor: items.at(-1)?.cursor ?? null };
}
