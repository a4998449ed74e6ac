// Recall's activation paths (seed → … → item) as one small graph to draw.

export interface PathStep {
  readonly seedId: string;
  /** Memory ids from the seed to the item, both included. */
  readonly path: readonly string[];
  /** One per hop: the type of the edge between path[i] and path[i + 1]. */
  readonly edgeTypes: readonly string[];
  readonly activation: number;
}

export interface PathItem {
  readonly memoryId: string;
  readonly rank: number;
  readonly activation: PathStep | null;
}

export interface PathNode {
  readonly id: string;
  /** Its rank when it is a recalled item; null for a memory the activation only passed through. */
  readonly rank: number | null;
  readonly seed: boolean;
}

export interface PathEdge {
  readonly from: string;
  readonly to: string;
  readonly type: string;
  /** The strongest activation of a path that used this hop. */
  readonly activation: number;
}

export interface PathGraph {
  readonly nodes: readonly PathNode[];
  readonly edges: readonly PathEdge[];
}

/** Every recalled item, every memory on a path to one, and each hop once (direction ignored, as in spreading). */
export function pathGraph(items: readonly PathItem[]): PathGraph {
  const ranks = new Map(items.map((i) => [i.memoryId, i.rank]));
  const seeds = new Set<string>();
  const order: string[] = items.map((i) => i.memoryId);
  const edges = new Map<string, PathEdge>();
  for (const { activation } of items) {
    if (!activation || activation.path.length === 0) continue;
    seeds.add(activation.seedId);
    for (const id of activation.path) if (!order.includes(id)) order.push(id);
    for (let i = 0; i + 1 < activation.path.length; i++) {
      const from = activation.path[i]!;
      const to = activation.path[i + 1]!;
      const type = activation.edgeTypes[i] ?? 'SEMANTIC';
      const key = [from < to ? `${from}|${to}` : `${to}|${from}`, type].join('|');
      const seen = edges.get(key);
      if (!seen || seen.activation < activation.activation) edges.set(key, { from, to, type, activation: Math.max(activation.activation, seen?.activation ?? 0) });
    }
  }
  return { nodes: order.map((id) => ({ id, rank: ranks.get(id) ?? null, seed: seeds.has(id) })), edges: [...edges.values()] };
}
