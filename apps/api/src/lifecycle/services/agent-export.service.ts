import { Inject, Injectable } from '@nestjs/common';
import { AgentExportRepository, canonicalJson, type EdgeEnd, type PortableEdge } from '@limbic/graph';
import { notFound } from '../../common/api-error';
import { requireCallerId } from '../../common/validate';
import { LIFECYCLE_LIMITS, type LifecycleLimits } from '../lifecycle.limits';
import { agentLine, edgeLine, nodeLine, revisionLine } from '../utils/export-format';

/**
 * Streams an agent as JSON Lines (format in utils/export-format.ts), page by page: memories
 * are read in (occurredAt, id) keyset pages and never held all at once. What is kept is an
 * index of the exported ids, so that every edge written names nodes the file defines, even
 * when the agent changes while the export runs (an edge to a memory written meanwhile is left
 * out; the export is of the agent as its pages saw it, not an atomic snapshot).
 *
 * Order is deterministic and survives an import: goals sort by their content (not their
 * ids, which an import renews), concepts by name, memories by (occurredAt, id) — the import
 * mints ids that keep that order — revisions by their memory's position and their seq, and
 * edges by their ends' positions in the file.
 */
@Injectable()
export class AgentExportService {
  constructor(
    private readonly exports: AgentExportRepository,
    @Inject(LIFECYCLE_LIMITS) private readonly limits: LifecycleLimits,
  ) {}

  /** Resolves the agent first: NOT_FOUND is thrown by the first `next()`, before any byte. */
  async *export(tenantId: string, agentId: string): AsyncGenerator<string> {
    requireCallerId('id', agentId);
    const agent = await this.exports.exportAgent(tenantId, agentId);
    if (!agent) throw notFound(`agent ${agentId}`);
    yield agentLine(agent);

    const goals = (await this.exports.exportGoals(tenantId, agentId))
      .map((g) => ({ goal: g, order: canonicalJson({ ...g, props: { ...g.props, id: null } }) }))
      .sort((a, b) => compare(a.order, b.order) || compare(String(a.goal.props.id), String(b.goal.props.id)))
      .map((g) => g.goal);
    const goalIndex = new Map(goals.map((g, i) => [String(g.props.id), i]));
    if (goals.length > 0) yield goals.map((g) => nodeLine('goal', g)).join('');

    const concepts = new Set<string>();
    for await (const page of this.exports.exportConcepts(tenantId, agentId, this.limits.exportPageSize)) {
      for (const c of page) concepts.add(String(c.props.name));
      yield page.map((c) => nodeLine('concept', c)).join('');
    }

    const memoryIds: string[] = [];
    const memoryIndex = new Map<string, number>();
    for await (const page of this.exports.exportMemories(tenantId, agentId, this.limits.exportPageSize)) {
      for (const m of page) {
        memoryIndex.set(String(m.props.id), memoryIds.length);
        memoryIds.push(String(m.props.id));
      }
      yield page.map((m) => nodeLine('memory', m)).join('');
    }

    for (let i = 0; i < memoryIds.length; i += this.limits.exportPageSize) {
      const page = await this.exports.exportRevisions(tenantId, memoryIds.slice(i, i + this.limits.exportPageSize));
      if (page.length > 0) yield page.map(revisionLine).join('');
    }

    const position = (end: EdgeEnd): readonly [number, number | string] | null => {
      switch (end.label) {
        case 'Agent':
          return [0, 0];
        case 'Goal': {
          const i = goalIndex.get(end.key ?? '');
          return i === undefined ? null : [1, i];
        }
        case 'Concept':
          return concepts.has(end.key ?? '') ? [2, end.key ?? ''] : null;
        case 'Memory': {
          const i = memoryIndex.get(end.key ?? '');
          return i === undefined ? null : [3, i];
        }
      }
    };
    const ordered = (edges: readonly PortableEdge[]): string => {
      const keyed: { edge: PortableEdge; from: readonly [number, number | string]; to: readonly [number, number | string]; props: string }[] = [];
      for (const edge of edges) {
        const from = position(edge.from);
        const to = position(edge.to);
        if (from && to) keyed.push({ edge, from, to, props: canonicalJson({ props: edge.props, types: edge.types }) });
      }
      keyed.sort(
        (a, b) =>
          comparePosition(a.from, b.from) || compare(a.edge.type, b.edge.type) || comparePosition(a.to, b.to) || compare(a.props, b.props),
      );
      return keyed.map((k) => edgeLine(k.edge)).join('');
    };

    const ownerEdges = ordered(await this.exports.exportOwnerEdges(tenantId, agentId));
    if (ownerEdges) yield ownerEdges;
    for (let i = 0; i < memoryIds.length; i += this.limits.exportPageSize) {
      const page = ordered(await this.exports.exportMemoryEdges(tenantId, memoryIds.slice(i, i + this.limits.exportPageSize)));
      if (page) yield page;
    }
  }
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function comparePosition(a: readonly [number, number | string], b: readonly [number, number | string]): number {
  return compare(a[0], b[0]) || compare(a[1], b[1]);
}
