import { forceCenter, forceCollide, forceLink, forceManyBody, forceSimulation, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';
import { fitInto, type Point } from './fit';

export interface LayoutNode {
  readonly id: string;
  readonly radius: number;
}

export interface LayoutLink {
  readonly from: string;
  readonly to: string;
  /** 0 … 1: stronger links pull their ends closer. */
  readonly weight: number;
}

interface SimNode extends SimulationNodeDatum {
  readonly id: string;
  readonly radius: number;
}

/**
 * A force layout run to rest before drawing (a small graph settles in a few hundred ticks), so
 * the picture does not move under the pointer and is the same on every render. d3-force starts
 * from a fixed phyllotaxis, so the same graph lays out the same way each time.
 */
export function forceLayout(nodes: readonly LayoutNode[], links: readonly LayoutLink[], width: number, height: number): Map<string, Point> {
  const sim: SimNode[] = nodes.map((n) => ({ id: n.id, radius: n.radius }));
  const known = new Set(sim.map((n) => n.id));
  const simLinks: SimulationLinkDatum<SimNode>[] = links
    .filter((l) => known.has(l.from) && known.has(l.to) && l.from !== l.to)
    .map((l) => ({ source: l.from, target: l.to, weight: l.weight }));
  const weightOf = (l: SimulationLinkDatum<SimNode>): number => (l as { weight?: number }).weight ?? 0.5;
  forceSimulation(sim)
    .force('link', forceLink<SimNode, SimulationLinkDatum<SimNode>>(simLinks).id((n) => n.id).distance((l) => 110 - 50 * weightOf(l)))
    .force('charge', forceManyBody().strength(-260))
    .force('collide', forceCollide<SimNode>((n) => n.radius + 14))
    .force('center', forceCenter(0, 0))
    .stop()
    .tick(300);
  return fitInto(new Map(sim.map((n) => [n.id, { x: n.x ?? 0, y: n.y ?? 0 }])), width, height, 40);
}
