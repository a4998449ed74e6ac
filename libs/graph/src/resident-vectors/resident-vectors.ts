import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { residentVectorsHeld } from '@limbic/observability';
import { Neo4jExecutor } from '../neo4j-executor';
import { num, toPlain } from '../records';
import { CodedRows } from './coded-rows';
import { CopyFilterBuilder, copyFilterBytes, type CopyFilterColumns } from './copy-filter';

/** Rows a page of a copy reads. */
const PAGE = 4_000;
/** An agent found too small is asked about again after this long (it may have grown). */
const RECHECK_MS = 10 * 60_000;
/** A copy that failed to load waits this long before the next try. */
const FAILED_RETRY_MS = 60_000;
/** Agents whose size is remembered. */
const REMEMBERED_AGENTS = 10_000;
/** Before the first page: an instant earlier than any occurredAt (year 0001). */
const FIRST_INSTANT = -62_135_596_800_000;
/** A copy no search used for this long is let go (its agent's next search loads it again), swept every minute. */
const IDLE_MS = 30 * 60_000;
const SWEEP_MS = 60_000;
/** Heap an id takes, roughly, beside its codes (the string and the map entry). */
const BYTES_PER_ID = 120;

export interface ResidentScope {
  readonly tenantId: string;
  readonly agentId: string;
}

/**
 * An agent's vectors as of its vector revision `rev`: row i is memory `ids[i]`, coded in `rows`,
 * with the properties a search filters by. Memories stamped after `rev` are not here; each search
 * reads them (vector.agent-nearest-resident).
 */
export interface ResidentCopy {
  readonly key: string;
  readonly incarnation: string;
  readonly rev: number;
  readonly rows: CodedRows;
  readonly ids: readonly string[];
  readonly encodedAt: Float64Array;
  readonly archived: Uint8Array;
  /** What a recall's filter reads of each row (copy-filter.ts). */
  readonly filters: CopyFilterColumns;
  readonly bytes: number;
}

/** What a search may use of an agent: its copy, or whether the agent is large enough to need one. */
export interface Residency {
  readonly copy?: ResidentCopy;
  /** At least the minimum memories when its size was last read: the index would only approximate its top k. */
  readonly large: boolean;
}

interface CopyState {
  rev: unknown;
  incarnation: unknown;
  memories: unknown;
}

interface Held {
  readonly copy: ResidentCopy;
  usedAtMs: number;
}

interface Note {
  /** When its size was last read, and the count read. */
  checkedAtMs: number;
  memories: number;
  failedAtMs?: number;
  /** When the budget let its copy go: it is loaded again a while later, not at once. */
  evictedAtMs?: number;
  loading?: Promise<void>;
  /** Whether its size has been read at all; until then the first search waits for that read (not the copy). */
  sized: boolean;
  sizing?: Promise<void>;
}

export interface ResidentSettings {
  /** Agents of at least this many memories are held; 0: none. */
  readonly minMemories: number;
  readonly budgetBytes: number;
}

/**
 * The agents' vectors held in this process as int8 codes, for agents too large for the filtered
 * index to search exactly (AgentVectorSearch asks for a copy before every search, filtered or not).
 * Nothing waits for a copy: the first search of an agent waits only for its size to be read;
 * while a large agent's copy is loaded in pages in the background (or after the budget let it
 * go), its searches scan it exactly (AgentVectorSearch), and a small agent is searched by the
 * index, exact at its size. A copy is never
 * brought up to date in place: each search reads what was stamped after it, and a copy that has
 * fallen behind (many stamped memories, a proof that failed, another incarnation) is loaded
 * afresh in the background while it keeps answering.
 */
@Injectable()
export class ResidentVectors implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('ResidentVectors');
  private readonly held = new Map<string, Held>();
  private readonly notes = new Map<string, Note>();
  private readonly settings: ResidentSettings;
  private closed = false;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly executor: Neo4jExecutor,
    @Optional() @Inject(LIMBIC_CONFIG) config?: LimbicConfig,
    @Optional() @Inject('RESIDENT_SETTINGS') settings?: ResidentSettings,
  ) {
    this.settings = settings ?? {
      minMemories: config?.recall.residentVectorsMin ?? 0,
      budgetBytes: (config?.recall.residentVectorsMb ?? 512) * 2 ** 20,
    };
  }

  onModuleInit(): void {
    if (this.settings.minMemories <= 0) return;
    this.sweeper = setInterval(() => this.sweep(Date.now()), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
    this.closed = true;
    this.held.clear();
    residentVectorsHeld.set({ what: 'agents' }, 0);
    residentVectorsHeld.set({ what: 'bytes' }, 0);
  }

  /**
   * The copy of the agent's vectors in `space` this process holds, or none (then the agent's size
   * is read, and a copy loaded, in the background if due). `space` names the tenant's active slot
   * and model (AgentVectorSearch): a re-embedding rewrites a slot without stamping its memories,
   * so a copy made under another model must never answer.
   */
  copyOf(scope: ResidentScope, space: string): ResidentCopy | undefined {
    if (this.settings.minMemories <= 0 || this.closed) return undefined;
    const key = keyOf(scope, space);
    const held = this.held.get(key);
    if (held) {
      held.usedAtMs = Date.now();
      // Most recently used last: eviction takes from the front.
      this.held.delete(key);
      this.held.set(key, held);
      return held.copy;
    }
    this.consider(key, scope, space);
    return undefined;
  }

  /**
   * The agent's copy if held (as copyOf), else whether it is large. The first search of an agent
   * in this process waits for its size (one count); later ones never wait.
   */
  async residency(scope: ResidentScope, space: string): Promise<Residency> {
    const copy = this.copyOf(scope, space);
    if (copy) return { copy, large: true };
    if (this.settings.minMemories <= 0 || this.closed) return { large: false };
    const note = this.notes.get(keyOf(scope, space));
    if (note?.sizing) await note.sizing;
    return { large: (note?.memories ?? 0) >= this.settings.minMemories };
  }

  /** The copy has fallen behind: load it afresh in the background; it answers until then. */
  renew(scope: ResidentScope, space: string): void {
    const key = keyOf(scope, space);
    const note = this.notes.get(key);
    if (note?.loading || this.closed) return;
    this.load(key, scope, space, note ?? this.remember(key, 0));
  }

  /** The copy must not answer again (its agent is another incarnation): let go of it and load afresh. */
  drop(scope: ResidentScope, space: string): void {
    const key = keyOf(scope, space);
    this.held.delete(key);
    this.report();
    this.renew(scope, space);
  }

  /** Resolves when no load of the agent's copy is under way (tests and benches wait on it). */
  async settled(scope: ResidentScope, space: string): Promise<void> {
    for (;;) {
      const loading = this.notes.get(keyOf(scope, space))?.loading;
      if (!loading) return;
      await loading;
    }
  }

  private consider(key: string, scope: ResidentScope, space: string): void {
    const now = Date.now();
    const note = this.notes.get(key);
    if (note?.loading) return;
    if (note?.failedAtMs !== undefined && now - note.failedAtMs < FAILED_RETRY_MS) return;
    if (note?.evictedAtMs !== undefined && now - note.evictedAtMs < FAILED_RETRY_MS) return;
    if (note && note.failedAtMs === undefined && note.evictedAtMs === undefined && now - note.checkedAtMs < RECHECK_MS) return;
    this.load(key, scope, space, note ?? this.remember(key, now));
  }

  private remember(key: string, now: number): Note {
    const note: Note = { checkedAtMs: now, memories: 0, sized: false };
    this.notes.set(key, note);
    if (this.notes.size > REMEMBERED_AGENTS) {
      for (const [k, n] of this.notes) {
        if (this.notes.size <= REMEMBERED_AGENTS) break;
        if (!n.loading && !this.held.has(k)) this.notes.delete(k);
      }
    }
    return note;
  }

  private load(key: string, scope: ResidentScope, space: string, note: Note): void {
    note.evictedAtMs = undefined;
    const state = this.readSize(key, scope, note);
    // Only an agent never sized makes its search wait; a failed read is the load's to report.
    if (!note.sized) note.sizing = state.then(() => undefined, () => undefined);
    note.loading = state
      .then((large) => (large ? this.readCopy(key, scope, large) : undefined))
      .then((copy) => {
        if (copy && !this.closed) {
          this.held.delete(key);
          this.held.set(key, { copy, usedAtMs: Date.now() });
          this.evict();
        }
        note.failedAtMs = undefined;
      })
      .catch((err: unknown) => {
        note.failedAtMs = Date.now();
        this.log.warn(`copy of ${scope.tenantId}/${scope.agentId} (${space}) failed: ${err instanceof Error ? err.message : String(err)}; searched without it until the next try`);
      })
      .finally(() => {
        note.sizing = undefined;
        note.loading = undefined;
        this.report();
      });
  }

  /** The agent's revision and size (noted); its state when it is large enough to hold, else none. */
  private async readSize(key: string, scope: ResidentScope, note: Note): Promise<CopyState | undefined> {
    const [state] = await this.executor.read<CopyState>('vector.agent-copy-state', { ...scope }, { onLeader: true });
    note.checkedAtMs = Date.now();
    note.memories = num(toPlain(state?.memories));
    note.sized = true;
    if (!state || note.memories < this.settings.minMemories) {
      this.held.delete(key);
      return undefined;
    }
    return state;
  }

  /** The agent's memories page by page, from the revision its state was read at. */
  private async readCopy(key: string, scope: ResidentScope, state: CopyState): Promise<ResidentCopy | undefined> {
    const rev = num(toPlain(state.rev));
    const incarnation = String(state.incarnation);
    const ids: string[] = [];
    const encodedAt: number[] = [];
    const archived: number[] = [];
    const filters = new CopyFilterBuilder();
    let rows: CodedRows | undefined;
    let afterAt = FIRST_INSTANT;
    let afterId = '';
    for (;;) {
      if (this.closed) return undefined;
      const page = await this.executor.read<{ id: unknown; vector: unknown; occurredAt: unknown; encodedAt: unknown; archived: unknown; scope: unknown; tags: unknown; metadataPairs: unknown }>(
        'vector.agent-copy-page',
        { ...scope, afterAt, afterId, limit: PAGE },
        { onLeader: true },
      );
      const vectors: number[][] = [];
      for (const r of page) {
        const vector = toPlain(r.vector) as number[] | null;
        // A memory without a vector of this slot's length is not searchable here, as in the index.
        if (!Array.isArray(vector) || vector.length === 0 || (rows && vector.length !== rows.dim)) continue;
        rows ??= await CodedRows.create(vector.length, Math.max(1024, num(toPlain(state.memories))));
        if (vector.length !== rows.dim) continue;
        vectors.push(vector);
        ids.push(String(r.id));
        encodedAt.push(num(toPlain(r.encodedAt)));
        archived.push(toPlain(r.archived) === true ? 1 : 0);
        filters.add({ occurredAt: num(toPlain(r.occurredAt)), scope: toPlain(r.scope), tags: toPlain(r.tags), metadataPairs: toPlain(r.metadataPairs) });
      }
      if (rows && vectors.length > 0) await rows.append(vectors);
      if (page.length < PAGE) break;
      const last = page[page.length - 1]!;
      afterAt = num(toPlain(last.occurredAt));
      afterId = String(last.id);
    }
    if (!rows) return undefined;
    const columns = filters.build();
    return {
      key,
      incarnation,
      rev,
      rows,
      ids,
      encodedAt: Float64Array.from(encodedAt),
      archived: Uint8Array.from(archived),
      filters: columns,
      bytes: rows.bytes + ids.length * (BYTES_PER_ID + 9) + copyFilterBytes(columns),
    };
  }

  /** Copies idle for IDLE_MS go: an API whose searches of a large agent stopped does not keep it. */
  private sweep(now: number): void {
    for (const [k, h] of this.held) if (now - h.usedAtMs > IDLE_MS) this.held.delete(k);
    this.report();
  }

  /** Least recently used copies go until the rest fit the budget (the newest always stays). */
  private evict(): void {
    let total = 0;
    for (const h of this.held.values()) total += h.copy.bytes;
    for (const [k, h] of this.held) {
      if (total <= this.settings.budgetBytes || this.held.size <= 1) break;
      this.held.delete(k);
      total -= h.copy.bytes;
      const note = this.notes.get(k);
      if (note) note.evictedAtMs = Date.now();
    }
  }

  private report(): void {
    let bytes = 0;
    for (const h of this.held.values()) bytes += h.copy.bytes;
    residentVectorsHeld.set({ what: 'agents' }, this.held.size);
    residentVectorsHeld.set({ what: 'bytes' }, bytes);
  }
}

function keyOf(scope: ResidentScope, space: string): string {
  return `${scope.tenantId}\u0000${scope.agentId}\u0000${space}`;
}
