import { Injectable } from '@nestjs/common';
import neo4j, { isDateTime } from 'neo4j-driver';
import type { MemoryRecord } from '../model';
import { archiveRevision, EDGE_TYPES, lexiconDelta } from '@limbic/affect';
import { Neo4jExecutor, type TxRunner } from '../neo4j-executor';
import { parseMemory } from '../record-parsers';
import { num, numList, toPlain } from '../records';
import { valenceBand } from '../valence-band';
import { adjustLexicon } from './lexicon.repository';
import { appendRevisions } from './revision.repository';

// ---------------------------------------------------------------------------------------------
// Portable values: what an export line carries. JSON cannot tell an integer from a float, nor a
// datetime from a string, so each record names the properties that need more than JSON.
// ---------------------------------------------------------------------------------------------

export type PortableScalar = string | number | boolean;
export type PortableValue = PortableScalar | readonly PortableScalar[];
/** Property types JSON alone would blur; floats, strings, booleans and their lists need no hint. */
export type PortableType = 'int' | 'datetime' | 'int[]' | 'datetime[]';
export const PORTABLE_TYPES: readonly PortableType[] = ['int', 'datetime', 'int[]', 'datetime[]'];

export interface PortableRecord {
  readonly props: Readonly<Record<string, PortableValue>>;
  readonly types: Readonly<Record<string, PortableType>>;
}

/** Node kinds an export holds, and how an edge names its ends. */
export const PORTABLE_LABELS = ['Agent', 'Goal', 'Concept', 'Memory'] as const;
export type PortableLabel = (typeof PORTABLE_LABELS)[number];

/** Relationship types an import may create (the allow-list of lifecycle.import-edges). */
// CO_RECALLED counts co-recalls of unlinked pairs (recall effects) until they earn an edge.
export const PORTABLE_EDGE_TYPES = [...EDGE_TYPES, 'CO_RECALLED', 'TAGGED', 'PURSUES', 'PRIMED'] as const;
export type PortableEdgeType = (typeof PORTABLE_EDGE_TYPES)[number];

/** An edge end: the agent itself (key null), a memory or goal by id, a concept by name. */
export interface EdgeEnd {
  readonly label: PortableLabel;
  readonly key: string | null;
}

export interface PortableEdge extends PortableRecord {
  readonly type: string;
  readonly from: EdgeEnd;
  readonly to: EdgeEnd;
}

/** An edge of a memory page; `source` is the start memory's position in the page. */
export interface MemoryPageEdge extends PortableEdge {
  readonly source: number;
}

/** Properties an export never carries: the tenant is the importer's, the rest is plumbing. */
const NEVER_EXPORTED = new Set(['tenantId']);
/**
 * Agent plumbing: the creation token of createAgent's idempotency and lock counters; the
 * term statistics' totals, derived from the memories like the LexTerm nodes; and the epoch of
 * its linkable memories that API replicas' embedding caches check (none is exported; an
 * import recounts the statistics from the memories it writes, and starts without an epoch).
 */
const AGENT_INTERNAL = new Set(['creationToken', 'stateLock', 'lexDocs', 'lexTerms', 'linkEpoch']);

export class UnsupportedPropertyError extends Error {
  constructor(key: string, type: string) {
    super(`property ${key} has type ${type}, which exports do not support`);
    this.name = 'UnsupportedPropertyError';
  }
}

// ---------------------------------------------------------------------------------------------
// Hard delete, deleteAgent and import results
// ---------------------------------------------------------------------------------------------

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

export interface DeletedCounts {
  readonly memories: number;
  readonly goals: number;
  readonly concepts: number;
  readonly nodes: number;
  readonly edges: number;
}

export interface ImportNode extends PortableRecord {
  /** How edges of the import name this node: memory/goal id as exported, concept name. */
  readonly key: string;
}

export interface ImportEdge extends PortableRecord {
  readonly type: PortableEdgeType;
  readonly from: EdgeEnd;
  readonly to: EdgeEnd;
}

/** A memory's revision as an export carries it; `holder` names the memory that holds it. */
export interface PortableRevision extends PortableRecord {
  readonly holder: string;
}

export interface ImportGraph {
  readonly agent: PortableRecord;
  readonly goals: readonly ImportNode[];
  readonly concepts: readonly ImportNode[];
  /** props.id already holds the memory's new id. */
  readonly memories: readonly ImportNode[];
  /** `holder` is the memory's key in the file; props already name new memory ids. */
  readonly revisions: readonly PortableRevision[];
  readonly edges: readonly ImportEdge[];
}

export interface ImportCounts {
  readonly goals: number;
  readonly concepts: number;
  readonly memories: number;
  readonly revisions: number;
  readonly edges: number;
}

type TypeRows = readonly (readonly [string, string])[];
interface PropsRow {
  props: Record<string, unknown>;
  types: TypeRows;
}

/**
 * Forget, restore, deleteAgent, export and import. Export reads page by page so no agent is
 * ever held in memory whole; import writes in batches inside one transaction so bad input or
 * a failure leaves nothing behind.
 */
@Injectable()
export class LifecycleRepository {
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

  async agentExists(tenantId: string, agentId: string): Promise<boolean> {
    return (await this.db.read('lifecycle.agent-exists', { tenantId, agentId })).length > 0;
  }

  /** One batch of the agent's memories (with their edges); 0 nodes means none are left. */
  async deleteMemoryBatch(tenantId: string, agentId: string, batchSize: number): Promise<DeletedCounts> {
    const rows = await this.db.write<{ nodes: number; edges: number }>('lifecycle.delete-memories-batch', { tenantId, agentId, batchSize });
    const nodes = rows[0]?.nodes ?? 0;
    return { memories: nodes, goals: 0, concepts: 0, nodes, edges: rows[0]?.edges ?? 0 };
  }

  /** One batch of any node carrying the agent's tenantId + agentId. */
  async deleteOwnedBatch(tenantId: string, agentId: string, batchSize: number): Promise<DeletedCounts> {
    const rows = await this.db.write<DeletedCounts>('lifecycle.delete-owned-batch', { tenantId, agentId, batchSize });
    const r = rows[0];
    return { memories: r?.memories ?? 0, goals: r?.goals ?? 0, concepts: r?.concepts ?? 0, nodes: r?.nodes ?? 0, edges: r?.edges ?? 0 };
  }

  /** The agent node and its remaining edges; nodes is 0 when it did not exist. */
  async deleteAgentNode(tenantId: string, agentId: string): Promise<{ nodes: number; edges: number }> {
    const rows = await this.db.write<{ nodes: number; edges: number }>('lifecycle.delete-agent-node', { tenantId, agentId });
    return { nodes: rows[0]?.nodes ?? 0, edges: rows[0]?.edges ?? 0 };
  }

  // ------------------------------------------------------------------------------------------
  // Export
  // ------------------------------------------------------------------------------------------

  /** The agent's own properties, without its tenant and internal lock counters; null if unknown. */
  async exportAgent(tenantId: string, agentId: string): Promise<PortableRecord | null> {
    const rows = await this.db.read<PropsRow>('lifecycle.export-agent', { tenantId, agentId });
    return rows[0] ? toPortable(rows[0], (k) => NEVER_EXPORTED.has(k) || AGENT_INTERNAL.has(k)) : null;
  }

  async exportGoals(tenantId: string, agentId: string): Promise<PortableRecord[]> {
    const rows = await this.db.read<PropsRow>('lifecycle.export-goals', { tenantId, agentId });
    return rows.map((r) => toPortable(r, (k) => NEVER_EXPORTED.has(k)));
  }

  /** Concepts in name order, page by page. */
  async *exportConcepts(tenantId: string, agentId: string, pageSize: number): AsyncGenerator<PortableRecord[]> {
    let afterName: string | null = null;
    for (;;) {
      const rows: PropsRow[] = await this.db.read<PropsRow>('lifecycle.export-concepts', { tenantId, agentId, afterName, limit: pageSize });
      if (rows.length === 0) return;
      const page = rows.map((r) => toPortable(r, (k) => NEVER_EXPORTED.has(k)));
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
      yield rows.map((r) => toPortable(r, (k) => NEVER_EXPORTED.has(k)));
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
    return rows.map((r) => ({ holder: memoryIds[r.source] ?? '', ...toPortable(r, (k) => NEVER_EXPORTED.has(k)) }));
  }

  /** Outgoing edges of the given memories (one page, in export order). */
  async exportMemoryEdges(tenantId: string, memoryIds: readonly string[]): Promise<MemoryPageEdge[]> {
    if (memoryIds.length === 0) return [];
    const rows = await this.db.read<EdgeRow & { source: number }>('lifecycle.export-memory-edges', { tenantId, ids: memoryIds });
    const out: MemoryPageEdge[] = [];
    for (const r of rows) {
      const to = edgeEnd(r.toLabels, r.toId, r.toName);
      if (to) out.push({ source: r.source, type: r.type, from: { label: 'Memory', key: memoryIds[r.source] ?? '' }, to, ...edgeProps(r) });
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
      if (from && to) out.push({ type: r.type, from, to, ...edgeProps(r) });
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------
  // Import
  // ------------------------------------------------------------------------------------------

  /**
   * Writes a whole validated export as a new agent in ONE transaction (batched statements), so
   * a failure anywhere leaves nothing. Throws GraphError 'conflict' if the agent id is taken.
   * Edges are attached through element ids, which are only meaningful inside this transaction.
   */
  importAgent(tenantId: string, agentId: string, graph: ImportGraph, batchSize: number): Promise<ImportCounts> {
    return this.db.writeTx('lifecycle.import', async (tx) => {
      const props = Object.fromEntries(Object.entries(fromPortable(graph.agent)).filter(([k]) => !AGENT_INTERNAL.has(k)));
      const agentRows = await tx.run<{ ref: string }>('lifecycle.import-agent', { tenantId, agentId, props });
      const agentRef = agentRows[0]?.ref;
      if (!agentRef) throw new Error('lifecycle.import-agent returned no row');
      const refs: Record<PortableLabel, Map<string, string>> = {
        Agent: new Map(),
        Goal: await createNodes(tx, 'lifecycle.import-goals', tenantId, agentId, graph.goals, batchSize),
        Concept: await createNodes(tx, 'lifecycle.import-concepts', tenantId, agentId, graph.concepts, batchSize),
        Memory: await createNodes(tx, 'lifecycle.import-memories', tenantId, agentId, graph.memories, batchSize),
      };
      let revisions = 0;
      for (let i = 0; i < graph.revisions.length; i += batchSize) {
        const rows = graph.revisions.slice(i, i + batchSize).map((r) => {
          const holder = refs.Memory.get(r.holder);
          if (!holder) throw new Error(`import revision holder ${r.holder} was not created`);
          return { holder, props: fromPortable(r) };
        });
        const done = await tx.run<{ revisions: number }>('lifecycle.import-revisions', { tenantId, agentId, rows });
        revisions += done[0]?.revisions ?? 0;
      }
      const contents = graph.memories.map((m) => m.props.content).filter((c): c is string => typeof c === 'string');
      await adjustLexicon(tx, tenantId, agentId, lexiconDelta(contents));
      const ref = (end: EdgeEnd): string => {
        const found = end.label === 'Agent' ? agentRef : refs[end.label].get(end.key ?? '');
        if (!found) throw new Error(`import edge end ${end.label} ${end.key ?? ''} was not created`);
        return found;
      };
      let edges = 0;
      for (let i = 0; i < graph.edges.length; i += batchSize) {
        const rows = graph.edges.slice(i, i + batchSize).map((e) => ({
          type: e.type,
          from: ref(e.from),
          to: ref(e.to),
          props: { ...fromPortable(e), tenantId, ...('agentId' in e.props ? { agentId } : {}) },
        }));
        const done = await tx.run<{ edges: number }>('lifecycle.import-edges', { tenantId, rows });
        edges += done[0]?.edges ?? 0;
      }
      return { goals: refs.Goal.size, concepts: refs.Concept.size, memories: refs.Memory.size, revisions, edges };
    }, tenantId);
  }
}

interface EdgeRow {
  type: string;
  toLabels: string[];
  toId: unknown;
  toName: unknown;
  props: Record<string, unknown>;
  types: TypeRows;
}

async function createNodes(
  tx: TxRunner,
  query: 'lifecycle.import-goals' | 'lifecycle.import-concepts' | 'lifecycle.import-memories',
  tenantId: string,
  agentId: string,
  nodes: readonly ImportNode[],
  batchSize: number,
): Promise<Map<string, string>> {
  const refs = new Map<string, string>();
  for (let i = 0; i < nodes.length; i += batchSize) {
    // valenceBand: read by the memories' query only (goals and concepts have no valence).
    const rows = nodes.slice(i, i + batchSize).map((n) => ({ key: n.key, props: fromPortable(n), valenceBand: valenceBand(typeof n.props.valence === 'number' ? n.props.valence : Number.NaN) }));
    for (const r of await tx.run<{ key: string; ref: string }>(query, { tenantId, agentId, rows })) refs.set(r.key, r.ref);
  }
  return refs;
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

function edgeProps(r: EdgeRow): PortableRecord {
  return toPortable(r, (k) => NEVER_EXPORTED.has(k));
}

/** Neo4j values → portable JSON values plus type hints, from `valueType()` per key. */
function toPortable(row: PropsRow, omit: (key: string) => boolean): PortableRecord {
  const cypherTypes = new Map(row.types.map(([k, t]) => [k, t]));
  const props: Record<string, PortableValue> = {};
  const types: Record<string, PortableType> = {};
  for (const [key, value] of Object.entries(row.props)) {
    if (omit(key)) continue;
    const cypherType = cypherTypes.get(key) ?? 'ANY';
    const { portable, type } = portableValue(key, value, cypherType);
    props[key] = portable;
    if (type) types[key] = type;
  }
  return { props, types };
}

function portableValue(key: string, value: unknown, cypherType: string): { portable: PortableValue; type: PortableType | null } {
  const t = cypherType.replace(/ NOT NULL/g, '');
  switch (t) {
    case 'INTEGER':
      return { portable: safeInteger(key, value), type: 'int' };
    case 'FLOAT':
      return { portable: finite(key, value), type: null };
    case 'STRING':
    case 'BOOLEAN':
      return { portable: value as string | boolean, type: null };
    case 'ZONED DATETIME':
      return { portable: isoOf(key, value), type: 'datetime' };
    case 'LIST<INTEGER>':
      return { portable: (value as unknown[]).map((v) => safeInteger(key, v)), type: 'int[]' };
    case 'LIST<FLOAT>':
      return { portable: (value as unknown[]).map((v) => finite(key, v)), type: null };
    case 'LIST<STRING>':
    case 'LIST<BOOLEAN>':
      return { portable: value as string[] | boolean[], type: null };
    case 'LIST<ZONED DATETIME>':
      return { portable: (value as unknown[]).map((v) => isoOf(key, v)), type: 'datetime[]' };
    case 'LIST<NOTHING>':
      return { portable: [], type: null };
    default:
      throw new UnsupportedPropertyError(key, cypherType);
  }
}

function safeInteger(key: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new UnsupportedPropertyError(key, 'INTEGER beyond 2^53');
  return v;
}

function finite(key: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new UnsupportedPropertyError(key, 'FLOAT NaN/Infinity');
  return v;
}

/** ISO-8601 in UTC with milliseconds: Limbic writes every datetime from epoch millis. */
function isoOf(key: string, v: unknown): string {
  if (!isDateTime(v)) throw new UnsupportedPropertyError(key, 'ZONED DATETIME');
  return v.toStandardDate().toISOString();
}

/** Portable values → driver values, restoring integers and datetimes from the hints. */
function fromPortable(rec: PortableRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rec.props)) {
    switch (rec.types[key]) {
      case 'int':
        out[key] = neo4j.int(value as number);
        break;
      case 'int[]':
        out[key] = (value as number[]).map((v) => neo4j.int(v));
        break;
      case 'datetime':
        out[key] = utcDateTime(value as string);
        break;
      case 'datetime[]':
        out[key] = (value as string[]).map(utcDateTime);
        break;
      case undefined:
        out[key] = value;
        break;
    }
  }
  return out;
}

function utcDateTime(iso: string): InstanceType<typeof neo4j.types.DateTime> {
  const d = new Date(iso);
  return new neo4j.types.DateTime(
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds() * 1_000_000,
    0,
  );
}
