import { EPISODE, rankFanOut, stepStrength, type EdgeType, type FanOutStep, type SpreadOptions } from '@limbic/affect';
import type { AgentSpreadGraph, LinkRow } from '@limbic/graph';

/** A resonance edge between two live memories, as stored (direction records creation order only). */
interface HeldEdge {
  readonly a: string;
  readonly b: string;
  readonly type: EdgeType;
  readonly weight: number;
  /** A link of the temporal chain: encode's unchain removes exactly these. */
  readonly chain: boolean;
  /** For a chain link, the time between its two memories (ms): the episode walk takes no longer link. */
  readonly gapMs: number;
}

/** What one encode transaction did to the graph (EncodeService), to bring a held copy along. */
export interface EncodeGraphChange {
  /** Which agent of that id, and the graph revision the encode moved from and to. */
  readonly incarnation: string;
  readonly fromRev: number;
  readonly toRev: number;
  /** The memories it created: live, whatever the copy knows of them. */
  readonly created: readonly string[];
  /** The links as encode wrote them; a chain link without `gapMs` is not taken by the episode walk. */
  readonly links: readonly LinkRow[];
  /** Chain links it removed, as stored: from → to. */
  readonly unchained: readonly { readonly from: string; readonly to: string }[];
}

/**
 * An agent's spreading graph as the API holds it: every edge between its live memories by
 * memory, and the fan-out table the walk reads (libs/affect buildFanOut's, kept node by node), so
 * that an encode's own links can be added to it without a reload (SpreadGraphCache.applyEncode).
 * Every memory with an edge here is live; a memory without one may be live or archived, which is
 * why a link to it cannot be added exactly.
 */
export class HeldGraph {
  private readonly incident = new Map<string, HeldEdge[]>();
  private readonly table = new Map<string, FanOutStep[]>();
  private count = 0;

  private constructor(private readonly options: SpreadOptions) {}

  /**
   * From spread.agent-graph's lists, leaving out edges an encode made after revision `upTo`
   * (a load that overlapped it; the journal adds them back). Ids interned: the driver decodes
   * every occurrence into a string of its own.
   */
  static of(graph: AgentSpreadGraph, options: SpreadOptions, upTo = Number.POSITIVE_INFINITY): HeldGraph {
    const held = new HeldGraph(options);
    const ids = new Map<string, string>();
    const intern = (id: string): string => {
      const known = ids.get(id);
      if (known !== undefined) return known;
      ids.set(id, id);
      return id;
    };
    const n = Math.min(graph.from.length, graph.to.length, graph.types.length, graph.weights.length);
    for (let i = 0; i < n; i++) {
      if ((graph.edgeRevs[i] ?? 0) > upTo) continue;
      held.insert({
        a: intern(graph.from[i] as string),
        b: intern(graph.to[i] as string),
        type: graph.types[i] as EdgeType,
        weight: graph.weights[i] as number,
        chain: graph.chains[i] === true,
        gapMs: graph.gaps[i] ?? Number.POSITIVE_INFINITY,
      });
    }
    for (const id of held.incident.keys()) held.rank(id);
    return held;
  }

  get fanOut(): ReadonlyMap<string, readonly FanOutStep[]> {
    return this.table;
  }

  get edges(): number {
    return this.count;
  }

  /**
   * Adds an encode's links and removes the chain links it replaced. False, and nothing changed,
   * when a link ends at a memory this copy cannot tell is live (not created by the encode, no
   * edge here): only a reload can say.
   */
  applyEncode(change: EncodeGraphChange): boolean {
    const created = new Set(change.created);
    const live = (id: string): boolean => created.has(id) || this.incident.has(id);
    if (!change.links.every((l) => live(l.from) && live(l.to))) return false;
    const touched = new Set<string>();
    for (const pair of change.unchained) {
      for (const e of this.incident.get(pair.from) ?? []) {
        if (e.type === 'TEMPORAL' && e.chain && e.a === pair.from && e.b === pair.to) this.remove(e, touched);
      }
    }
    for (const l of change.links) {
      const edge: HeldEdge = { a: l.from, b: l.to, type: l.type, weight: l.weight, chain: l.type === 'TEMPORAL' && l.chain, gapMs: l.gapMs ?? Number.POSITIVE_INFINITY };
      if (this.insert(edge)) touched.add(edge.a).add(edge.b);
    }
    for (const id of touched) this.rank(id);
    return true;
  }

  /**
   * The ids of the memories in `id`'s episode: up to EPISODE.neighbours (two) chain links either
   * way, none longer than `gapMs` — recall.episode-ids' walk over the graph held here (which holds
   * live memories only, as that walk passes through live memories only).
   */
  episode(id: string, gapMs: number): string[] {
    const found = new Set<string>();
    let frontier = [id];
    for (let step = 0; step < EPISODE.neighbours; step++) {
      const next: string[] = [];
      for (const at of frontier) {
        for (const e of this.incident.get(at) ?? []) {
          if (!e.chain || !(e.gapMs <= gapMs)) continue;
          const other = e.a === at ? e.b : e.a;
          if (other === id || found.has(other)) continue;
          found.add(other);
          next.push(other);
        }
      }
      frontier = next;
    }
    return [...found];
  }

  /** Self-loops are never walked (buildFanOut skips them too). */
  private insert(edge: HeldEdge): boolean {
    if (edge.a === edge.b) return false;
    for (const id of [edge.a, edge.b]) {
      const list = this.incident.get(id);
      if (list === undefined) this.incident.set(id, [edge]);
      else list.push(edge);
    }
    this.count++;
    return true;
  }

  private remove(edge: HeldEdge, touched: Set<string>): void {
    for (const id of [edge.a, edge.b]) {
      const rest = (this.incident.get(id) ?? []).filter((e) => e !== edge);
      if (rest.length === 0) this.incident.delete(id);
      else this.incident.set(id, rest);
      touched.add(id);
    }
    this.count--;
  }

  private rank(id: string): void {
    const steps = (this.incident.get(id) ?? []).map((e) => ({ to: e.a === id ? e.b : e.a, type: e.type, strength: stepStrength(e, this.options) }));
    const ranked = rankFanOut(steps, this.options);
    if (ranked.length === 0) this.table.delete(id);
    else this.table.set(id, ranked);
  }
}
