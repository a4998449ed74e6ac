// How a resonance edge is drawn: its type by colour and dash, its weight by width.
import type { ops } from './client';

export type EdgeType = ops.EdgeType;

export const EDGE_STYLES: Readonly<Record<EdgeType, { readonly colour: string; readonly dash: string }>> = {
  SEMANTIC: { colour: '#4e79a7', dash: '' },
  EMOTIONAL: { colour: '#e15759', dash: '6 3' },
  TEMPORAL: { colour: '#888888', dash: '2 3' },
  CAUSAL: { colour: '#f28e2b', dash: '10 3 2 3' },
  CONTRASTIVE: { colour: '#b07aa1', dash: '1 4' },
};

export const EDGE_TYPES = Object.keys(EDGE_STYLES) as EdgeType[];

/** Weight 0 … 1 as a stroke width of 1 … 6 px. */
export function edgeWidth(weight: number): number {
  const w = Number.isFinite(weight) ? Math.min(1, Math.max(0, weight)) : 0;
  return 1 + 5 * w;
}

export function isEdgeType(s: string): s is EdgeType {
  return Object.hasOwn(EDGE_STYLES, s);
}
