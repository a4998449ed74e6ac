import { SPREADING } from '../constants';
import { clamp, clamp01, compareStrings } from '../math/scalar';
import type { ActivatedNode, EdgeType, SpreadEdge, SpreadGraph, SpreadOptions, SpreadSeed } from '../types/graph.types';

export const DEFAULT_SPREAD_OPTIONS: SpreadOptions = {
  hops: SPREADING.defaultHops,
  typeFactors: SPREADING.defaultTypeFactors,
  minActivation: SPREADING.defaultMinActivation,
  maxFanOut: SPREADING.defaultMaxFanOut,
};

/** Fills defaults and forces options into range: hops 1..3 (integer), fan-out ≥ 1, min in [0, 1]. */
export function normaliseSpreadOptions(options: Partial<SpreadOptions> = {}): SpreadOptions {
  return {
    hops: clamp(Math.round(options.hops ?? SPREADING.defaultHops), SPREADING.minHops, SPREADING.maxHops),
    typeFactors: options.typeFactors ?? SPREADING.defaultTypeFactors,
    minActivation: clamp01(options.minActivation ?? SPREADING.defaultMinActivation),
    maxFanOut: Math.max(1, Math.floor(options.maxFanOut ?? SPREADING.defaultMaxFanOut)),
  };
}

/** One traversable edge out of a node: strength = clamp(weight) × clamp(typeFactor). */
export interface FanOutStep {
  readonly to: string;
  readonly type: EdgeType;
  readonly strength: number;
}

function compareSteps(x: FanOutStep, y: FanOutStep): number {
  if (x.strength !== y.strength) return y.strength - x.strength;
  return compareStrings(x.to, y.to) || compareStrings(x.type, y.type);
}

/**
 * The edges each node may follow. Both directions of every edge count (traversal ignores
 * direction); edges to unknown nodes, self-loops and edges of strength 0 (type factor
 * missing or 0) are skipped. Per node, steps are ordered by strength desc, then neighbour
 * id asc, then type asc, and only the first `maxFanOut` are kept. The bound is static per
 * node (it does not depend on where a path came from), so Cypher can mirror it with
 * ORDER BY weight × factor DESC, neighbour.id ASC, type(r) ASC LIMIT maxFanOut.
 */
export function buildFanOut(graph: SpreadGraph, options: SpreadOptions): ReadonlyMap<string, readonly FanOutStep[]> {
  const nodes = new Set(graph.nodes);
  const steps = new Map<string, FanOutStep[]>();
  const add = (from: string, step: FanOutStep): void => {
    const list = steps.get(from);
    if (list === undefined) steps.set(from, [step]);
    else list.push(step);
  };
  for (const edge of graph.edges) {
    if (edge.a === edge.b || !nodes.has(edge.a) || !nodes.has(edge.b)) continue;
    const strength = stepStrength(edge, options);
    if (!(strength > 0)) continue;
    add(edge.a, { to: edge.b, type: edge.type, strength });
    add(edge.b, { to: edge.a, type: edge.type, strength });
  }
  for (const [id, list] of steps) steps.set(id, rankFanOut(list, options));
  return steps;
}

/** How strongly a walk crosses an edge: clamp(weight) × clamp(typeFactor). */
export function stepStrength(edge: Pick<SpreadEdge, 'type' | 'weight'>, options: SpreadOptions): number {
  return clamp01(edge.weight) * clamp01(options.typeFactors[edge.type] ?? 0);
}

/**
 * One node's fan-out from all of its steps, in buildFanOut's order and bound (steps of strength
 * 0 dropped): for a caller that keeps a fan-out table up to date node by node.
 */
export function rankFanOut(steps: readonly FanOutStep[], options: SpreadOptions): FanOutStep[] {
  return steps.filter((s) => s.strength > 0).sort(compareSteps).slice(0, options.maxFanOut);
}

interface Trace {
  readonly activation: number;
  readonly path: readonly string[];
  readonly edgeTypes: readonly EdgeType[];
}

/** Best path from one seed to every node within `hops`, keeping only traces ≥ minActivation. */
function spreadFromSeed(seed: SpreadSeed, fanOut: ReadonlyMap<string, readonly FanOutStep[]>, options: SpreadOptions): ReadonlyMap<string, Trace> {
  const best = new Map<string, Trace>([[seed.id, { activation: seed.activation, path: [seed.id], edgeTypes: [] }]]);
  let frontier: readonly string[] = [seed.id];
  for (let hop = 0; hop < options.hops && frontier.length > 0; hop++) {
    // Relax from the previous layer's values only, so a path never uses more than `hops` edges.
    const improved = new Map<string, Trace>();
    for (const from of [...frontier].sort()) {
      const source = best.get(from);
      if (source === undefined) continue;
      for (const step of fanOut.get(from) ?? []) {
        const activation = source.activation * step.strength;
        if (activation < options.minActivation) continue;
        const current = Math.max(best.get(step.to)?.activation ?? -1, improved.get(step.to)?.activation ?? -1);
        if (activation > current) {
          improved.set(step.to, { activation, path: [...source.path, step.to], edgeTypes: [...source.edgeTypes, step.type] });
        }
      }
    }
    for (const [id, trace] of improved) best.set(id, trace);
    frontier = [...improved.keys()];
  }
  return best;
}

/**
 * Spreading activation (DESIGN §4), the reference the Cypher must agree with.
 *
 * A path's activation is its seed's activation times the product of weight × typeFactor
 * along it (at most `hops` edges, traversed in either direction, each node following only
 * its fan-out — see buildFanOut). A node keeps the maximum over all paths from all seeds;
 * a seed keeps the maximum over paths from the OTHER seeds only (its own activation is
 * not resonance). Nodes below `minActivation` are dropped and never expanded — exact,
 * because activation never grows along a path. Seeds not in the graph are ignored; a seed
 * listed twice counts with its larger activation.
 *
 * Ties: the activation value is unique; when two paths tie, the reported path is the one
 * from the seed first in (activation desc, id asc) order, found first in hop order,
 * expanding nodes in id order and steps in fan-out order.
 */
export function spreadActivation(
  graph: SpreadGraph,
  seeds: readonly SpreadSeed[],
  options: Partial<SpreadOptions> = {},
): ReadonlyMap<string, ActivatedNode> {
  const opts = normaliseSpreadOptions(options);
  const nodes = new Set(graph.nodes);
  return spreadOverFanOut(
    buildFanOut(graph, opts),
    seeds.filter((s) => nodes.has(s.id)),
    opts,
  );
}

/**
 * spreadActivation over a fan-out table built once by buildFanOut (for callers that spread
 * many times over the same graph). Seeds must be nodes of that graph.
 */
export function spreadOverFanOut(
  fanOut: ReadonlyMap<string, readonly FanOutStep[]>,
  seeds: readonly SpreadSeed[],
  options: SpreadOptions,
): ReadonlyMap<string, ActivatedNode> {
  const opts = normaliseSpreadOptions(options);
  const seedActivation = new Map<string, number>();
  for (const s of seeds) seedActivation.set(s.id, Math.max(seedActivation.get(s.id) ?? 0, clamp01(s.activation)));
  const orderedSeeds = [...seedActivation]
    .map(([id, activation]) => ({ id, activation }))
    .filter((s) => s.activation >= opts.minActivation && s.activation > 0)
    .sort((x, y) => y.activation - x.activation || compareStrings(x.id, y.id));
  const result = new Map<string, ActivatedNode>();
  for (const seed of orderedSeeds) {
    for (const [id, trace] of spreadFromSeed(seed, fanOut, opts)) {
      if (id === seed.id) continue;
      const previous = result.get(id);
      if (previous === undefined || trace.activation > previous.activation) {
        result.set(id, { id, activation: trace.activation, seedId: seed.id, path: trace.path, edgeTypes: trace.edgeTypes });
      }
    }
  }
  return result;
}
