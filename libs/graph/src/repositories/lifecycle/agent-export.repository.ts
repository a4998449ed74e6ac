import { Injectable } from '@nestjs/common';
import { Neo4jExecutor } from '../../neo4j-executor';
import { AGENT_INTERNAL, NEVER_EXPORTED, toPortable, type PropsRow } from './portable-codec';
import { PORTABLE_LABELS, type EdgeEnd, type MemoryPageEdge, type PortableEdge, type PortableRecord, type PortableRevision } from './portable-format';

/** An edge as the export queries return it: its type, its far end, its properties. */
interface EdgeRow extends PropsRow {
  type: string;
  toLabels: string[];
  toId: unknown;
  toName: unknown;
}

/**
 * The reads of an export, page by page, so no agent is ever held in memory whole. Keyset
 * paging: each page starts after the last key of the one before.
 */
@Injectable()
export class AgentExportRepository {
  constructor(private readonly db: Neo4jExecutor) {}

  /** The agent's own properties, without its tenant and internal lock counters; null if unknown. */
  async exportAgent(tenantId: string, agentId: string): Promise<PortableRecord | null> {
    const rows = await this.db.read<PropsRow>('lifecycle.export-agent', { tenantId, agentId });
    return rows[0] ? toPortable(rows[0], (k) => NEVER_EXPORTED.has(k) || AGENT_INTERNAL.has(k)) : null;
  }

  async exportGoals(tenantId: string, agentId: string): Promise<PortableRecord[]> {
    const rows = await this.db.read<PropsRow>('lifecycle.export-goals', { tenantId, agentId });
    return rows.map((r) => toPortable(r));
  }

  /** Concepts in name order, page by page. */
  async *exportConcepts(tenantId: string, agentId: string, pageSize: number): AsyncGenerator<PortableRecord[]> {
    let afterName: string | null = null;
    for (;;) {
      const rows: PropsRow[] = await this.db.read<PropsRow>('lifecycle.export-concepts', { tenantId, agentId, afterName, limit: pageSize });
      if (rows.length === 0) return;
      const page = rows.map((r) => toPortable(r));
      yield page;
      afterName = String(page[page.length - 1]?.props.name ?? '');
      if (rows.length < pageSize) return;
    }
  }

  /**
   * Memories in (occurredAt, id) order, embeddings included, page by page (keyset paging on
   * the occurredAt value exactly as Neo4j returned it, so sub-millisecond times page right).
   */
  async *exportMemories(tenantId: string, agentId: string, pageSize: number): AsyncGenerator<PortableRecord[]> {
    let afterAt: unknown = null;
    let afterId: string | null = null;
    for (;;) {
      const rows: (PropsRow & { cursorAt: unknown })[] = await this.db.read<PropsRow & { cursorAt: unknown }>('lifecycle.export-memories', {
        tenantId,
        agentId,
        afterAt,
        afterId,
        limit: pageSize,
      });
      if (rows.length === 0) return;
      yield rows.map((r) => toPortable(r));
      const last = rows[rows.length - 1];
      afterAt = last?.cursorAt ?? null;
      afterId = String(last?.props.id ?? '');
      if (rows.length < pageSize) return;
    }
  }

  /** The revisions the given memories hold (one page, in export order), each in the order its holder got them. */
  async exportRevisions(tenantId: string, memoryIds: readonly string[]): Promise<PortableRevision[]> {
    if (memoryIds.length === 0) return [];
    const rows = await this.db.read<PropsRow & { source: number }>('lifecycle.export-revisions', { tenantId, ids: memoryIds });
    return rows.map((r) => ({ holder: memoryIds[r.source] ?? '', ...toPortable(r) }));
  }

  /** Outgoing edges of the given memories (one page, in export order). */
  async exportMemoryEdges(tenantId: string, memoryIds: readonly string[]): Promise<MemoryPageEdge[]> {
    if (memoryIds.length === 0) return [];
    const rows = await this.db.read<EdgeRow & { source: number }>('lifecycle.export-memory-edges', { tenantId, ids: memoryIds });
    const out: MemoryPageEdge[] = [];
    for (const r of rows) {
      const to = edgeEnd(r.toLabels, r.toId, r.toName);
      if (to) out.push({ source: r.source, type: r.type, from: { label: 'Memory', key: memoryIds[r.source] ?? '' }, to, ...toPortable(r) });
    }
    return out;
  }

  /** Outgoing edges of the agent, its goals and its concepts. */
  async exportOwnerEdges(tenantId: string, agentId: string): Promise<PortableEdge[]> {
    const rows = await this.db.read<EdgeRow & { fromLabels: string[]; fromId: unknown; fromName: unknown }>('lifecycle.export-owner-edges', {
      tenantId,
      agentId,
    });
    const out: PortableEdge[] = [];
    for (const r of rows) {
      const from = edgeEnd(r.fromLabels, r.fromId, r.fromName);
      const to = edgeEnd(r.toLabels, r.toId, r.toName);
      if (from && to) out.push({ type: r.type, from, to, ...toPortable(r) });
    }
    return out;
  }
}

/** The first allow-listed label names the node kind; ends of other kinds are not exported. */
function edgeEnd(labels: readonly string[], id: unknown, name: unknown): EdgeEnd | null {
  const label = PORTABLE_LABELS.find((l) => labels.includes(l));
  switch (label) {
    case 'Agent':
      return { label, key: null };
    case 'Memory':
    case 'Goal':
      return typeof id === 'string' ? { label, key: id } : null;
    case 'Concept':
      return typeof name === 'string' ? { label, key: name } : null;
    case undefined:
      return null;
  }
}
