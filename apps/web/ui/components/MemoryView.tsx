import type { ReactNode } from 'react';
import { ops } from '../lib/client';
import { EDGE_STYLES, EDGE_TYPES, isEdgeType, type EdgeType } from '../lib/edges';
import { valenceColour } from '../lib/scales';
import { useAsync } from '../lib/use-async';
import { go, href } from '../lib/use-route';
import { GraphView } from './GraphView';
import { Loaded } from './Status';

const MAX_NODES = 40;

/** One memory and its neighbourhood: the memories within `depth` edges, drawn with their edges. */
export function MemoryView({ agentId, memoryId, params }: { agentId: string; memoryId: string; params: Readonly<Record<string, string>> }): ReactNode {
  const depth = Math.min(3, Math.max(1, Number(params.depth) || 2));
  const types = (params.types ?? '').split(',').filter(isEdgeType);
  const hood = useAsync((api) => api.run(ops.NeighborhoodDocument, { memoryId, depth, maxNodes: MAX_NODES, types: types.length > 0 ? types : null }), [memoryId, depth, types.join(',')]);
  const setParams = (next: { depth?: number; types?: readonly EdgeType[] }): void =>
    go({ view: 'memory', agentId, memoryId, params: { depth: String(next.depth ?? depth), types: (next.types ?? types).join(',') } });
  // No types in the URL means every type (as the API reads an empty list); the last one stays on.
  const shown = types.length === 0 ? EDGE_TYPES : types;
  const toggle = (t: EdgeType): void => {
    const next = shown.includes(t) ? shown.filter((x) => x !== t) : EDGE_TYPES.filter((x) => x === t || shown.includes(x));
    if (next.length > 0) setParams({ types: next.length === EDGE_TYPES.length ? [] : next });
  };

  return (
    <section className="card wide">
      <p>
        <a href={href({ view: 'agent', agentId, tab: 'memories', params: {} })}>← memories</a>
      </p>
      <Loaded state={hood}>
        {({ neighborhood: n }) => {
          const centre = n.nodes.find((x) => x.memory.id === n.centerId)?.memory;
          return (
            <>
              {centre ? (
                <div className={`memory-detail${centre.archived ? ' archived' : ''}`} data-testid="memory-detail">
                  <h3>
                    <i className="swatch" style={{ background: valenceColour(centre.valence) }} /> {centre.content}
                  </h3>
                  <p className="meta">
                    {new Date(centre.occurredAt).toLocaleString()} · valence {centre.valence.toFixed(2)} · arousal {centre.arousal.toFixed(2)} · importance {centre.importance.toFixed(2)} · recalled {centre.accessCount}×
                    {centre.archived ? ' · archived' : ''}
                  </p>
                </div>
              ) : null}
              <div className="controls">
                <label>
                  depth
                  <select value={depth} onChange={(e) => setParams({ depth: Number(e.target.value) })} data-testid="depth">
                    {[1, 2, 3].map((d) => (
                      <option key={d} value={d}>
                        {d}
                      </option>
                    ))}
                  </select>
                </label>
                <span>edges:</span>
                {EDGE_TYPES.map((t) => (
                  <label key={t} className="check" style={{ color: EDGE_STYLES[t].colour }}>
                    <input type="checkbox" checked={shown.includes(t)} onChange={() => toggle(t)} /> {t.toLowerCase()}
                  </label>
                ))}
                <span className="muted">
                  {n.nodes.length} memories, {n.edges.length} edges{n.truncated ? ` (cut at ${MAX_NODES})` : ''}
                </span>
              </div>
              <GraphView
                testId="neighbourhood"
                nodes={n.nodes.map(({ memory: m, hops }) => ({ id: m.id, label: m.content, valence: m.valence, importance: m.importance, archived: m.archived, ring: m.id === n.centerId ? 'centre' : undefined, badge: hops > 0 ? String(hops) : undefined }))}
                edges={n.edges.map((e) => ({ from: e.from, to: e.to, type: e.type, weight: e.weight }))}
                onNodeClick={(id) => go({ view: 'memory', agentId, memoryId: id, params })}
              />
              <p className="muted small-print">Numbers in nodes: hops from the centre (ringed). Click a memory to centre on it.</p>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
