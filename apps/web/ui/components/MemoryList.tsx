import { useState, type ReactNode } from 'react';
import { ops } from '../lib/client';
import { listQueryOf } from '../lib/memory-filter';
import { importanceRadius, valenceColour } from '../lib/scales';
import { useApi, useAsync } from '../lib/use-async';
import { go, href } from '../lib/use-route';
import { ErrorBox, Loaded } from './Status';

type Memory = ops.MemoryFieldsFragment;
const PAGE = 25;

interface More {
  readonly key: string;
  readonly items: readonly Memory[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

/** The agent's memories, filtered by the URL's parameters, a page at a time ("more" appends). */
export function MemoryList({ agentId, params }: { agentId: string; params: Readonly<Record<string, string>> }): ReactNode {
  const { api } = useApi();
  const query = listQueryOf(params);
  const key = JSON.stringify(query);
  const first = useAsync((a) => a.run(ops.MemoryPageDocument, { agentId, first: PAGE, ...query }), [agentId, key]);
  const [more, setMore] = useState<More | null>(null);
  const [moreError, setMoreError] = useState<Error | null>(null);
  const extra = more?.key === key ? more : null;

  return (
    <section className="card wide">
      <MemoryFilters key={key} params={params} onApply={(next) => go({ view: 'agent', agentId, tab: 'memories', params: next })} />
      <Loaded state={first}>
        {({ memories }) => {
          const items = [...memories.edges.map((e) => e.node), ...(extra?.items ?? [])];
          const pageInfo = extra ?? memories.pageInfo;
          const loadMore = (): void => {
            setMoreError(null);
            api.run(ops.MemoryPageDocument, { agentId, first: PAGE, after: pageInfo.endCursor, ...query }).then(
              ({ memories: next }) => setMore({ key, items: [...(extra?.items ?? []), ...next.edges.map((e) => e.node)], endCursor: next.pageInfo.endCursor, hasNextPage: next.pageInfo.hasNextPage }),
              (err: unknown) => setMoreError(err instanceof Error ? err : new Error(String(err))),
            );
          };
          return (
            <>
              <p className="muted" data-testid="memory-count" data-total={memories.totalCount}>
                {memories.totalCount} match{memories.totalCount === 1 ? '' : 'es'} · showing {items.length}
              </p>
              <ul className="memories" data-testid="memories">
                {items.map((m) => (
                  <MemoryRow key={m.id} memory={m} agentId={agentId} />
                ))}
              </ul>
              {moreError ? <ErrorBox error={moreError} /> : null}
              {pageInfo.hasNextPage ? (
                <button type="button" onClick={loadMore} data-testid="more">
                  more
                </button>
              ) : null}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

function MemoryRow({ memory: m, agentId }: { memory: Memory; agentId: string }): ReactNode {
  const r = importanceRadius(m.importance);
  return (
    <li className={m.archived ? 'archived' : ''} data-testid="memory-row" data-memory-id={m.id} data-valence={m.valence} data-importance={m.importance} data-archived={m.archived}>
      <svg width={28} height={28} className="dot">
        <circle cx={14} cy={14} r={r} fill={m.archived ? '#ccc' : valenceColour(m.valence)}>
          <title>{`valence ${m.valence.toFixed(2)} · arousal ${m.arousal.toFixed(2)} · importance ${m.importance.toFixed(2)}`}</title>
        </circle>
      </svg>
      <div>
        <a href={href({ view: 'memory', agentId, memoryId: m.id, params: {} })} className="content">
          {m.content}
        </a>
        <div className="meta">
          {new Date(m.occurredAt).toLocaleString()} · v {m.valence.toFixed(2)} a {m.arousal.toFixed(2)} · importance {m.importance.toFixed(2)}
          {m.scope ? ` · scope ${m.scope}` : ''}
          {m.archived ? ' · archived' : ''}
          {m.pendingAppraisal ? ' · appraisal pending' : ''}
          {m.tags.map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </div>
      </div>
    </li>
  );
}

const FIELDS = ['contains', 'tags', 'scope', 'archived', 'after', 'before', 'order'] as const;

function MemoryFilters({ params, onApply }: { params: Readonly<Record<string, string>>; onApply: (params: Record<string, string>) => void }): ReactNode {
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, params[f] ?? ''])));
  const set = (field: (typeof FIELDS)[number]) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  return (
    <form
      className="filters"
      data-testid="memory-filters"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <label>
        text <input name="contains" value={draft.contains} onChange={set('contains')} placeholder="contains…" />
      </label>
      <label>
        tags <input name="tags" value={draft.tags} onChange={set('tags')} placeholder="any of a, b" />
      </label>
      <label>
        scope <input name="scope" value={draft.scope} onChange={set('scope')} />
      </label>
      <label>
        show
        <select name="archived" value={draft.archived} onChange={set('archived')}>
          <option value="">live</option>
          <option value="ARCHIVED">archived</option>
          <option value="ALL">all</option>
        </select>
      </label>
      <label>
        from <input type="date" name="after" value={draft.after} onChange={set('after')} />
      </label>
      <label>
        before <input type="date" name="before" value={draft.before} onChange={set('before')} />
      </label>
      <label>
        order
        <select name="order" value={draft.order} onChange={set('order')}>
          <option value="">newest first</option>
          <option value="ASC">oldest first</option>
        </select>
      </label>
      <button type="submit">filter</button>
    </form>
  );
}
