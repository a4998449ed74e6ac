import { useMemo, useState, type ReactNode } from 'react';
import { ops } from '../lib/client';
import { pathGraph } from '../lib/paths';
import { shorten, valenceColour } from '../lib/scales';
import { useApi, useAsync } from '../lib/use-async';
import { href } from '../lib/use-route';
import { GraphView } from './GraphView';
import type { RecallResult } from './RecallExplorer';
import { SignalBar, SignalLegend, WeightTable } from './SignalBar';
import { ErrorBox } from './Status';

type Item = RecallResult['items'][number];

export function RecallResultView({ agentId, result }: { agentId: string; result: RecallResult }): ReactNode {
  const maxScore = Math.max(1e-9, ...result.items.map((i) => i.score));
  return (
    <>
      <section className="card wide" data-testid="recall-summary" data-recall-id={result.recallId} data-items={result.items.length}>
        <dl className="facts inline">
          <dt>query type</dt>
          <dd data-testid="query-type">{result.queryType}</dd>
          <dt>weights from</dt>
          <dd data-testid="weight-source">{result.weightSource}</dd>
          <dt>energy cut</dt>
          <dd>{result.energyCut}</dd>
          <dt>took</dt>
          <dd>{result.tookMs.toFixed(0)} ms</dd>
          <dt>focus</dt>
          <dd data-testid="focus">
            {result.focus ? (
              <>
                <a href={href({ view: 'memory', agentId, memoryId: result.focus.memory.id, params: {} })}>{shorten(result.focus.memory.content, 80)}</a>{' '}
                <span className="muted">
                  {result.focus.ignited ? 'ignited now' : `held since ${result.focus.since}`}, until {result.focus.expiresAt}
                </span>
              </>
            ) : (
              'none'
            )}
          </dd>
          <dt>recall id</dt>
          <dd className="mono">{result.recallId}</dd>
        </dl>
        <h3>Weights used</h3>
        <WeightTable weights={result.weights} />
      </section>
      <section className="card wide">
        <h3>Items</h3>
        <SignalLegend />
        {result.items.length === 0 ? <p className="muted">Nothing recalled.</p> : null}
        <table className="items">
          <thead>
            <tr>
              <th title="rank before spreading activation">pass 1</th>
              <th title="final rank, after spreading activation">pass 2</th>
              <th>score</th>
              <th>memory</th>
              <th className="bar-col">weighted signals</th>
              <th>feedback</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((item) => (
              <ItemRow key={item.memory.id} agentId={agentId} recallId={result.recallId} item={item} scale={maxScore} />
            ))}
          </tbody>
        </table>
      </section>
      <ActivationGraph items={result.items} focusId={result.focus?.memory.id ?? null} />
    </>
  );
}

function ItemRow({ agentId, recallId, item, scale }: { agentId: string; recallId: string; item: Item; scale: number }): ReactNode {
  const m = item.memory;
  const e = item.explanation;
  return (
    <tr data-testid="recall-item" data-memory-id={m.id} data-pass1={item.pass1Rank ?? ''} data-pass2={item.pass2Rank} data-score={item.score}>
      <td className="num" title={item.pass1Rank === null ? 'joined through spreading activation' : undefined}>
        {item.pass1Rank ?? 'spread'}
      </td>
      <td className="num">{item.pass2Rank}</td>
      <td className="num">{item.score.toFixed(3)}</td>
      <td>
        <i className="swatch" style={{ background: valenceColour(m.valence) }} /> <a href={href({ view: 'memory', agentId, memoryId: m.id, params: {} })}>{shorten(m.content, 90)}</a>
      </td>
      <td className="bar-col">{e ? <SignalBar weighted={e.weighted} signals={e.signals} weights={e.weights} scale={scale} /> : null}</td>
      <td>
        <Feedback recallId={recallId} memoryId={m.id} />
      </td>
    </tr>
  );
}

type Sent = { readonly signal: ops.FeedbackSignal; readonly applied: boolean | null; readonly error: Error | null };

/** USED / IGNORED for one item of one recall: the API applies it once, and says so. */
function Feedback({ recallId, memoryId }: { recallId: string; memoryId: string }): ReactNode {
  const { api } = useApi();
  const [sent, setSent] = useState<Sent | null>(null);
  const send = (signal: ops.FeedbackSignal): void => {
    setSent({ signal, applied: null, error: null });
    api.run(ops.FeedbackDocument, { input: { recallId, memoryId, signal } }).then(
      ({ feedback }) => setSent({ signal, applied: feedback.applied, error: null }),
      (err: unknown) => setSent({ signal, applied: null, error: err instanceof Error ? err : new Error(String(err)) }),
    );
  };
  if (sent?.error) return <ErrorBox error={sent.error} />;
  if (sent) {
    return (
      <span className="feedback-sent" data-testid="feedback-sent" data-signal={sent.signal} data-applied={sent.applied === null ? '' : String(sent.applied)}>
        {sent.applied === null ? `${sent.signal}…` : sent.applied ? `${sent.signal} ✓` : `${sent.signal} (already given)`}
      </span>
    );
  }
  return (
    <span className="feedback">
      <button type="button" className="small" onClick={() => send('USED')} data-testid="used">
        used
      </button>
      <button type="button" className="small" onClick={() => send('IGNORED')} data-testid="ignored">
        ignored
      </button>
    </span>
  );
}

/** The recalled items and the spreading-activation paths that reached them, seed → … → item. */
function ActivationGraph({ items, focusId }: { items: readonly Item[]; focusId: string | null }): ReactNode {
  const graph = useMemo(() => pathGraph(items.map((i) => ({ memoryId: i.memory.id, rank: i.pass2Rank, activation: i.explanation?.activation ?? null }))), [items]);
  const known = useMemo(() => new Map(items.map((i) => [i.memory.id, i.memory])), [items]);
  const via = graph.nodes.filter((n) => !known.has(n.id)).map((n) => n.id);
  // Memories the activation passed through but recall did not return: fetched for their text.
  const passed = useAsync(async (api) => {
    const found = await Promise.allSettled(via.map((id) => api.run(ops.MemoryDocument, { id })));
    return new Map(found.flatMap((r) => (r.status === 'fulfilled' ? [[r.value.memory.id, r.value.memory] as const] : [])));
  }, [via.join(',')]);
  const extra = passed.status === 'ready' ? passed.value : null;
  // Laid out once the through-memories are known (or failed): not once before and again after.
  const nodes = useMemo(
    () =>
      graph.nodes.map((n) => {
        const m = known.get(n.id) ?? extra?.get(n.id);
        return { id: n.id, label: m?.content ?? n.id, valence: m?.valence ?? 0, importance: m?.importance ?? 0.3, archived: m?.archived, ring: n.seed ? ('seed' as const) : undefined, badge: `${n.rank ?? ''}${n.id === focusId ? '★' : ''}` || undefined };
      }),
    [graph, known, extra, focusId],
  );
  // Width relative to the strongest hop: path activations are products of weights, often small.
  const edges = useMemo(() => {
    const strongest = Math.max(1e-9, ...graph.edges.map((e) => e.activation));
    return graph.edges.map((e) => ({ from: e.from, to: e.to, type: e.type, weight: e.activation / strongest, title: `${e.type} · path activation ${e.activation.toFixed(3)}` }));
  }, [graph]);
  const paths = items.filter((i) => (i.explanation?.activation?.path.length ?? 0) > 1).length;
  return (
    <section className="card wide">
      <h3>Activation paths</h3>
      <p className="muted">
        {paths === 0 ? 'No item was reached through resonance edges: all came from the seeds.' : `${paths} item${paths === 1 ? '' : 's'} reached through resonance edges.`} Ringed: seeds of spreading activation; numbers: final rank; unnumbered: passed through; width: path activation (strongest = widest).
        {focusId ? ' Focus marked ★.' : ''}
      </p>
      {passed.status === 'loading' ? <p className="muted">Loading…</p> : <GraphView testId="activation-graph" nodes={nodes} edges={edges} />}
    </section>
  );
}
