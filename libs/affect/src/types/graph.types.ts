/**
 * The resonance edge types, the one list: TypeScript reads it here, and every query gets it from
 * the `{{resonance-types}}` / `{{resonance-type-list}}` fragments the query registry makes of it
 * (libs/graph cypher-fragments.ts).
 */
export const EDGE_TYPES = ['SEMANTIC', 'EMOTIONAL', 'TEMPORAL', 'CAUSAL', 'CONTRASTIVE'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

/** An undirected resonance edge, as stored (direction only records creation order). */
export interface SpreadEdge {
  readonly a: string;
  readonly b: string;
  readonly type: EdgeType;
  /** [0, 1] */
  readonly weight: number;
}

export interface SpreadGraph {
  readonly nodes: readonly string[];
  readonly edges: readonly SpreadEdge[];
}

export interface SpreadSeed {
  readonly id: string;
  /** Pass-1 score, [0, 1]. */
  readonly activation: number;
}

export interface SpreadOptions {
  /** 1..3 */
  readonly hops: number;
  /** Factor per edge type in [0, 1]; a missing type is not traversed. */
  readonly typeFactors: Readonly<Partial<Record<EdgeType, number>>>;
  readonly minActivation: number;
  /** Edges followed out of any node, strongest first. */
  readonly maxFanOut: number;
}

export interface ActivatedNode {
  readonly id: string;
  readonly activation: number;
  /** The seed the best path starts from. */
  readonly seedId: string;
  /** Node ids from the seed to this node, both included. */
  readonly path: readonly string[];
  /** Edge types along the path (path.length − 1 of them). */
  readonly edgeTypes: readonly EdgeType[];
}
