import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { normaliseSpreadOptions, SPREADING, type FanOutStep, type SpreadOptions } from '@limbic/affect';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { RecallRepository, type AgentSpreadGraph, type SpreadGraphRevs } from '@limbic/graph';
import { recallSpreads, spreadCacheHeld } from '@limbic/observability';
import { HeldGraph, type EncodeGraphChange } from './held-graph';

/** How often idle graphs are swept: a quarter of the idle time, between 1 s and 1 min (a graph is held at most that much longer than idle). */
const IDLE_SWEEP_MIN_MS = 1_000;
const IDLE_SWEEP_MAX_MS = 60_000;

export function idleSweepMs(idleMs: number): number {
  return Math.min(IDLE_SWEEP_MAX_MS, Math.max(IDLE_SWEEP_MIN_MS, Math.floor(idleMs / 4)));
}

/** Encodes remembered per agent, to bring a load that began before them up to date. */
const JOURNAL_LENGTH = 32;

/** Agents whose last load and encodes are remembered. */
const REMEMBERED_AGENTS = 10_000;

/** A load that failed or found too many edges counts as this long (reloads wait it / the reload share: 10 min at 0.05). */
const REFUSED_LOAD_MS = 30_000;

/** The fan-out every recall spreads over: DESIGN's type factors and fan-out bound. */
export const CACHED_SPREAD_OPTIONS: SpreadOptions = normaliseSpreadOptions({ typeFactors: SPREADING.defaultTypeFactors, maxFanOut: SPREADING.defaultMaxFanOut });

/** A fan-out table of one agent as of its graph revisions `revs`. */
export interface CachedFanOut {
  readonly revs: SpreadGraphRevs;
  readonly fanOut: ReadonlyMap<string, readonly FanOutStep[]>;
}

interface Entry {
  /** Moved on by applyEncode; the rest of an entry is replaced by a reload only. */
  revs: SpreadGraphRevs;
  readonly graph: HeldGraph;
  /** Its edges when last counted into the cache's total. */
  edges: number;
  /** When the load that made it began (its revisions were read then). */
  readonly loadedAtMs: number;
  /** When a recall or an encode last used it: entries idle longer than `spreadCacheIdleMs` are let go. */
  usedAtMs: number;
}

interface LoadHistory {
  readonly startedAtMs: number;
  readonly tookMs: number;
}

/**
 * The agents' spreading graphs, held in the API so that a recall spreads in-process
 * (libs/affect spreadOverFanOut) instead of walking the graph in Cypher: the walk was a third of
 * a default recall's time (its own round trip and per-row work in Neo4j; bench/recall-latency
 * README). An entry serves a recall only at the graph revision the recall's own prelude read
 * (every write that changes the agent's graph raises it in its transaction: bump-graph-rev), so
 * a recall after a change takes the Cypher spread until a reload has caught up — but for the
 * API's own encodes, whose links it adds to the held copy at once (applyEncode). Only what the
 * worker's asynchronous effects changed (effectsRev: appraisal's edge revisions, recall effects'
 * Hebbian strengthening and co-recall links) may lag, by `spreadEffectsLagMs` at most: they land
 * a queue's delay after their encode or recall anyway.
 * A miss or a lagging entry starts a reload in the background: one at a time per agent, no more often
 * than `spreadCacheReloadShare` of the time an agent's last load took (a large agent whose links change
 * all the time stays on the Cypher spread rather than reloading without end). Entries are evicted
 * least recently used beyond `spreadCacheEdges` edges in all, and let go once unused for
 * `spreadCacheIdleMs` or when the agent is deleted (`forget`): a graph no recall asks for should not
 * hold the API's memory (≈ 360 bytes an edge). Another API process that held a deleted agent
 * lets it go when it has been idle that long (it can never serve again: a new agent of that id is
 * another incarnation). Idle graphs are also swept on a timer (IDLE_SWEEP_*), so that a process
 * whose recalls stop lets go of them without waiting for the next one.
 */
@Injectable()
export class SpreadGraphCache implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('SpreadGraphCache');
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly history = new Map<string, LoadHistory>();
  private readonly journals = new Map<string, EncodeGraphChange[]>();
  /** Agents forgotten while a load of theirs was running: that load is not held. */
  private readonly discarded = new Set<string>();
  private edges = 0;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    @Inject(LIMBIC_CONFIG) private readonly config: LimbicConfig,
    private readonly recalls: RecallRepository,
  ) {
    this.account();
  }

  onModuleInit(): void {
    const idleMs = this.config.recall.spreadCacheIdleMs;
    if (idleMs <= 0 || this.config.recall.spreadCacheEdges <= 0) return;
    // unref: the sweep never keeps a process alive that has nothing else to do.
    this.sweep = setInterval(() => this.releaseIdle(), idleSweepMs(idleMs)).unref();
  }

  onModuleDestroy(): void {
    if (this.sweep !== null) clearInterval(this.sweep);
    this.sweep = null;
  }

  /**
   * The agent's fan-out for a recall that read the revisions `revs`, or null: none is held that
   * may serve it (a reload starts in the background when allowed), or the cache is off.
   */
  at(tenantId: string, agentId: string, revs: SpreadGraphRevs): CachedFanOut | null {
    const { spreadCacheEdges, spreadEffectsLagMs } = this.config.recall;
    if (spreadCacheEdges <= 0) {
      recallSpreads.inc({ path: 'cypher' });
      return null;
    }
    const key = keyOf(tenantId, agentId);
    this.releaseIdle();
    const entry = this.entries.get(key);
    const sameGraph = entry !== undefined && entry.revs.incarnation === revs.incarnation && entry.revs.graph === revs.graph;
    const exact = sameGraph && entry.revs.effects === revs.effects;
    const lagging = sameGraph && !exact && spreadEffectsLagMs > 0 && entry.revs.effects < revs.effects && Date.now() - entry.loadedAtMs <= spreadEffectsLagMs;
    // A held graph newer than the recall's read (a write committed between the two) needs no reload.
    const behind = entry === undefined || entry.revs.incarnation !== revs.incarnation || entry.revs.graph < revs.graph || (entry.revs.graph === revs.graph && entry.revs.effects < revs.effects);
    if (behind) this.reloadInBackground(key, tenantId, agentId);
    recallSpreads.inc({ path: exact ? 'cache' : lagging ? 'cache-lagging' : 'cypher' });
    if (!exact && !lagging) this.log.debug(`recall spreads in Cypher: read ${revs.graph}/${revs.effects}, held ${entry ? `${entry.revs.graph}/${entry.revs.effects}, loaded ${Date.now() - entry.loadedAtMs} ms ago` : 'none'}`);
    if (entry === undefined || !(exact || lagging)) return null;
    this.touch(key, entry);
    return { revs: entry.revs, fanOut: entry.graph.fanOut };
  }

  /**
   * Brings a held copy along with an encode this API committed: at exactly the revision the
   * encode moved from, its links are added and the revision moves to the encode's; a copy that
   * cannot take them exactly is left to miss and reload.
   */
  applyEncode(tenantId: string, agentId: string, change: EncodeGraphChange): void {
    if (this.config.recall.spreadCacheEdges <= 0) return;
    const key = keyOf(tenantId, agentId);
    this.record(key, change);
    const entry = this.entries.get(key);
    if (entry === undefined || entry.revs.incarnation !== change.incarnation || entry.revs.graph !== change.fromRev) {
      this.log.debug(`encode not applied to a held graph: ${entry === undefined ? 'none held' : `held at ${entry.revs.graph}, encode from ${change.fromRev}`}`);
      return;
    }
    if (!entry.graph.applyEncode(change)) {
      this.log.debug('encode not applied to a held graph: a link ends at a memory it cannot tell is live');
      return;
    }
    entry.revs = { ...entry.revs, graph: change.toRev };
    this.touch(key, entry);
    this.edges += entry.graph.edges - entry.edges;
    entry.edges = entry.graph.edges;
    this.evictBeyondBudget();
  }

  /**
   * Lets the agent's graph go, with what is remembered of its loads and encodes: it was deleted
   * (DeleteAgentService). A load of it still running is not held when it ends.
   */
  forget(tenantId: string, agentId: string): void {
    const key = keyOf(tenantId, agentId);
    this.drop(key);
    this.history.delete(key);
    this.journals.delete(key);
    if (this.loading.has(key)) this.discarded.add(key);
  }

  /** Whether a graph of the agent is held, at whatever revision: its chain can likely serve the recall's episode walk. */
  holds(tenantId: string, agentId: string): boolean {
    return this.config.recall.spreadCacheEdges > 0 && this.entries.has(keyOf(tenantId, agentId));
  }

  /**
   * The episode walk over the held graph (HeldGraph.episode) when it is the graph of the recall's
   * read — the same agent at the same graph revision, whatever its effects revision (effects move
   * weights, never the chain) — else null. No side effects: spreading asks `at` on its own.
   */
  episodeWalk(tenantId: string, agentId: string, revs: SpreadGraphRevs): ((id: string, gapMs: number) => string[]) | null {
    const entry = this.entries.get(keyOf(tenantId, agentId));
    if (entry === undefined || entry.revs.incarnation !== revs.incarnation || entry.revs.graph !== revs.graph) return null;
    return (id, gapMs) => entry.graph.episode(id, gapMs);
  }

  /** A recall that cannot use a held graph (a filtered one spreads on its subgraph, in Cypher). */
  bypassed(): null {
    recallSpreads.inc({ path: 'cypher' });
    return null;
  }

  /** Loads the agent's graph now, or joins the load under way; resolves when it is held or refused. */
  load(tenantId: string, agentId: string): Promise<void> {
    const key = keyOf(tenantId, agentId);
    const running = this.loading.get(key);
    if (running !== undefined) return running;
    const load = this.loadOnce(key, tenantId, agentId).finally(() => {
      this.loading.delete(key);
      this.discarded.delete(key);
    });
    this.loading.set(key, load);
    return load;
  }

  private async loadOnce(key: string, tenantId: string, agentId: string): Promise<void> {
    const started = performance.now();
    const startedAtMs = Date.now();
    const maxEdges = this.config.recall.spreadCacheEdges;
    let graph: AgentSpreadGraph | null = null;
    try {
      graph = await this.recalls.spreadGraph(tenantId, agentId, maxEdges + 1);
    } finally {
      // A failed load, or a graph too large to hold, is not tried again for a long while.
      const tookMs = performance.now() - started;
      const refused = graph === null || graph.from.length > maxEdges;
      this.remember(key, { startedAtMs, tookMs: refused ? Math.max(tookMs, REFUSED_LOAD_MS) : tookMs });
    }
    if (this.discarded.has(key)) return;
    if (graph === null) this.drop(key);
    else this.hold(key, graph, startedAtMs);
    const tookMs = performance.now() - started;
    this.log.debug(`spreading graph of an agent: ${graph?.from.length ?? 0} edges at revision ${graph ? `${graph.revs.graph}/${graph.revs.effects}` : '-'}, loaded in ${tookMs.toFixed(0)} ms`);
  }

  private reloadInBackground(key: string, tenantId: string, agentId: string): void {
    if (this.loading.has(key)) return;
    const last = this.history.get(key);
    const reloadCostShare = this.config.recall.spreadCacheReloadShare;
    if (last !== undefined && Date.now() - last.startedAtMs < last.tookMs / reloadCostShare) return;
    this.load(tenantId, agentId).catch((err: unknown) => this.log.warn(`loading the spreading graph of an agent failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** The last load of each agent, the most recently loaded agents' only. */
  private remember(key: string, load: LoadHistory): void {
    bounded(this.history, key, load);
  }

  /** The agent's last encodes, in commit order (an agent's encodes commit one at a time: AgentWriteCombiner). */
  private record(key: string, change: EncodeGraphChange): void {
    bounded(this.journals, key, [...(this.journals.get(key) ?? []), change].slice(-JOURNAL_LENGTH));
  }

  private hold(key: string, graph: AgentSpreadGraph, loadedAtMs: number): void {
    const edges = Math.min(graph.from.length, graph.to.length, graph.types.length, graph.weights.length);
    if (edges > this.config.recall.spreadCacheEdges) {
      this.drop(key);
      return;
    }
    // The graph at the revision read first: edges a later encode made are left out by their
    // `rev`, and every encode this API committed since is added from its journal, as it was to
    // the copy this replaces. That is exact when those encodes were all the graph writes that
    // committed while the edges were read (the revision read after them is reached); a write of
    // anyone else's may be half in the edges, and the load is not held.
    const held = HeldGraph.of(graph, CACHED_SPREAD_OPTIONS, graph.revs.graph);
    let revs = graph.revs;
    for (let next = this.journalled(key, revs); next !== undefined; next = this.journalled(key, revs)) {
      if (!held.applyEncode(next)) break;
      revs = { ...revs, graph: next.toRev };
    }
    if (graph.revAfter === null || revs.graph < graph.revAfter) {
      this.log.debug(`a load of an agent's graph overlapped a write this API did not make (revision ${graph.revs.graph} → ${graph.revAfter ?? '-'}): not held`);
      return;
    }
    // Never take a copy back behind one already held.
    const current = this.entries.get(key);
    if (current !== undefined && current.revs.incarnation === revs.incarnation && current.revs.graph > revs.graph) return;
    this.drop(key);
    this.entries.set(key, { revs, graph: held, edges: held.edges, loadedAtMs, usedAtMs: Date.now() });
    this.edges += held.edges;
    this.evictBeyondBudget();
  }

  /** The journalled encode that moved the agent on from `revs`, if this API committed it. */
  private journalled(key: string, revs: SpreadGraphRevs): EncodeGraphChange | undefined {
    return this.journals.get(key)?.find((c) => c.incarnation === revs.incarnation && c.fromRev === revs.graph);
  }

  /** Most recently used last: eviction and idle release take from the front. */
  private touch(key: string, entry: Entry): void {
    entry.usedAtMs = Date.now();
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private evictBeyondBudget(): void {
    for (const [oldest] of this.entries) {
      if (this.edges <= this.config.recall.spreadCacheEdges) break;
      this.drop(oldest);
    }
    this.account();
  }

  /** Entries unused for `spreadCacheIdleMs`: the front of the map, in order of last use. */
  private releaseIdle(): void {
    const idleMs = this.config.recall.spreadCacheIdleMs;
    if (idleMs <= 0) return;
    const before = Date.now() - idleMs;
    for (const [oldest, entry] of this.entries) {
      if (entry.usedAtMs > before) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.edges -= entry.edges;
    this.account();
  }

  private account(): void {
    spreadCacheHeld.set({ what: 'agents' }, this.entries.size);
    spreadCacheHeld.set({ what: 'edges' }, this.edges);
  }
}

/** Sets `key` as the most recent entry of `map`, forgetting the oldest beyond REMEMBERED_AGENTS. */
function bounded<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_AGENTS) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

/** Unambiguous whatever the ids hold: an agent's key can never be another tenant's. */
function keyOf(tenantId: string, agentId: string): string {
  return JSON.stringify([tenantId, agentId]);
}
