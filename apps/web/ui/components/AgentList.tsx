import { useState, type ReactNode } from 'react';
import { ops } from '../lib/client';
import { href } from '../lib/use-route';
import { useAsync } from '../lib/use-async';
import { valenceColour } from '../lib/scales';
import { Loaded } from './Status';

const PAGE = 20;

/** The tenant's agents a page at a time; earlier cursors are kept so that "previous" works. */
export function AgentList(): ReactNode {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const after = cursors[cursors.length - 1];
  const page = useAsync((api) => api.run(ops.AgentListDocument, { first: PAGE, after }), [after]);
  return (
    <section className="card">
      <h2>Agents</h2>
      <Loaded state={page}>
        {({ agents }) => (
          <>
            <p className="muted" data-testid="agent-count">
              {agents.totalCount} agent{agents.totalCount === 1 ? '' : 's'}
              {cursors.length > 1 ? ` · page ${cursors.length}` : ''}
            </p>
            {agents.edges.length === 0 ? <p>No agents yet: create one with the createAgent mutation (see /graphql).</p> : null}
            <table className="agents">
              <thead>
                <tr>
                  <th>id</th>
                  <th>preset</th>
                  <th>mood</th>
                  <th>energy</th>
                  <th>created</th>
                </tr>
              </thead>
              <tbody>
                {agents.edges.map(({ node: a }) => (
                  <tr key={a.id} data-testid="agent-row" data-agent-id={a.id}>
                    <td>
                      <a href={href({ view: 'agent', agentId: a.id, tab: 'state', params: {} })}>{a.id}</a>
                    </td>
                    <td>{a.preset}</td>
                    <td>
                      <i className="swatch" style={{ background: valenceColour(a.mood.valence) }} /> v {a.mood.valence.toFixed(2)} · a {a.mood.arousal.toFixed(2)}
                    </td>
                    <td>{a.energy.toFixed(2)}</td>
                    <td>{new Date(a.createdAt).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="pager">
              <button type="button" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                ← previous
              </button>
              <button type="button" disabled={!agents.pageInfo.hasNextPage || !agents.pageInfo.endCursor} onClick={() => setCursors((c) => [...c, agents.pageInfo.endCursor ?? undefined])}>
                next →
              </button>
            </div>
          </>
        )}
      </Loaded>
    </section>
  );
}
