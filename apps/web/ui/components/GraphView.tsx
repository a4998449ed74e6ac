import { useMemo, type ReactNode } from 'react';
import { EDGE_STYLES, EDGE_TYPES, edgeWidth, isEdgeType } from '../lib/edges';
import { edgePath, parallelOffsets } from '../lib/fit';
import { forceLayout } from '../lib/layout';
import { importanceRadius, shorten, valenceColour } from '../lib/scales';

export interface GraphNode {
  readonly id: string;
  readonly label: string;
  readonly valence: number;
  readonly importance: number;
  readonly archived?: boolean;
  /** Drawn with a ring: the centre of a neighbourhood, a seed of spreading activation. */
  readonly ring?: 'centre' | 'seed';
  /** A short mark inside the node, e.g. a rank. */
  readonly badge?: string;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly type: string;
  /** 0 … 1: the stroke's width. */
  readonly weight: number;
  readonly title?: string;
}

/** A small force-laid graph of memories: colour is valence, size importance, edges typed and weighted. */
export function GraphView({ nodes, edges, width = 720, height = 420, onNodeClick, testId }: { nodes: readonly GraphNode[]; edges: readonly GraphEdge[]; width?: number; height?: number; onNodeClick?: (id: string) => void; testId: string }): ReactNode {
  const positions = useMemo(
    () =>
      forceLayout(
        nodes.map((n) => ({ id: n.id, radius: importanceRadius(n.importance) })),
        edges.map((e) => ({ from: e.from, to: e.to, weight: e.weight })),
        width,
        height,
      ),
    [nodes, edges, width, height],
  );
  const bends = useMemo(() => parallelOffsets(edges), [edges]);
  const types = EDGE_TYPES.filter((t) => edges.some((e) => e.type === t));
  return (
    <figure className="graph">
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} data-testid={testId} data-nodes={nodes.length} data-edges={edges.length} role="img" aria-label="memory graph">
        {edges.map((e, i) => {
          const a = positions.get(e.from);
          const b = positions.get(e.to);
          if (!a || !b) return null;
          const style = isEdgeType(e.type) ? EDGE_STYLES[e.type] : { colour: '#999', dash: '' };
          return (
            <path key={i} d={edgePath(a, b, bends[i] ?? 0)} fill="none" stroke={style.colour} strokeDasharray={style.dash} strokeWidth={edgeWidth(e.weight)} strokeOpacity={0.8} className="edge" data-type={e.type} data-weight={e.weight}>
              <title>{e.title ?? `${e.type} · weight ${e.weight.toFixed(2)}`}</title>
            </path>
          );
        })}
        {nodes.map((n) => {
          const p = positions.get(n.id);
          if (!p) return null;
          const r = importanceRadius(n.importance);
          return (
            <g key={n.id} transform={`translate(${p.x},${p.y})`} className={`node${n.archived ? ' archived' : ''}${onNodeClick ? ' clickable' : ''}`} data-node-id={n.id} onClick={onNodeClick ? () => onNodeClick(n.id) : undefined}>
              {n.ring ? <circle r={r + 4} className={`ring ${n.ring}`} /> : null}
              <circle r={r} fill={n.archived ? '#ccc' : valenceColour(n.valence)} />
              {n.badge ? (
                <text className="badge" textAnchor="middle" y={4}>
                  {n.badge}
                </text>
              ) : null}
              <text className="node-label" x={r + 6} y={4}>
                {shorten(n.label, 28)}
              </text>
              <title>{n.label}</title>
            </g>
          );
        })}
      </svg>
      {types.length > 0 ? (
        <figcaption className="legend">
          {types.map((t) => (
            <span key={t}>
              <svg width={28} height={10}>
                <line x1={0} x2={28} y1={5} y2={5} stroke={EDGE_STYLES[t].colour} strokeDasharray={EDGE_STYLES[t].dash} strokeWidth={3} />
              </svg>{' '}
              {t.toLowerCase()}
            </span>
          ))}
          <span className="muted">width = weight · colour = valence · size = importance</span>
        </figcaption>
      ) : null}
    </figure>
  );
}
