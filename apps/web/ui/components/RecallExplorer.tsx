import { useState, type ReactNode } from 'react';
import { ops, type LimbicError } from '../lib/client';
import { formatRoute } from '../lib/route';
import { useApi } from '../lib/use-async';
import { ErrorBox } from './Status';
import { RecallResultView } from './RecallResult';

export type RecallResult = ops.RecallQuery['recall'];

const PROFILES: readonly ops.RecallProfile[] = ['balanced', 'affective', 'salience', 'state', 'semantic', 'lexical'];

interface Draft {
  q: string;
  profile: string;
  topK: string;
  /** Match memories against this affect instead of the agent's own. */
  affect: boolean;
  valence: string;
  arousal: string;
}

function draftOf(params: Readonly<Record<string, string>>): Draft {
  return { q: params.q ?? '', profile: params.profile ?? '', topK: params.topK ?? '10', affect: params.valence !== undefined, valence: params.valence ?? '0', arousal: params.arousal ?? '0.5' };
}

function inputOf(agentId: string, d: Draft): ops.RecallInput {
  const profile = PROFILES.find((p) => p === d.profile);
  const topK = Number(d.topK);
  return {
    agentId,
    query: d.q,
    explain: true,
    ...(Number.isInteger(topK) && topK > 0 ? { topK } : {}),
    ...(profile ? { profile } : {}),
    ...(d.affect ? { queryAffect: { valence: Number(d.valence), arousal: Number(d.arousal) } } : {}),
  };
}

/**
 * Runs a recall with explain and shows why it ranked what it did. The form lands in the URL so
 * the view can be linked; a reload fills the form but does not recall again (a recall has effects).
 */
export function RecallExplorer({ agentId, params }: { agentId: string; params: Readonly<Record<string, string>> }): ReactNode {
  const { api } = useApi();
  const [draft, setDraft] = useState<Draft>(() => draftOf(params));
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RecallResult | null>(null);
  const [error, setError] = useState<LimbicError | Error | null>(null);
  const set = (field: keyof Draft) => (e: { target: { value: string; checked?: boolean; type?: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.type === 'checkbox' ? Boolean(e.target.checked) : e.target.value }));

  const run = (): void => {
    const urlParams: Record<string, string> = { q: draft.q, profile: draft.profile, topK: draft.topK, ...(draft.affect ? { valence: draft.valence, arousal: draft.arousal } : {}) };
    // replaceState, not a hash change: the URL follows the form without another render or recall.
    window.history.replaceState(null, '', formatRoute({ view: 'agent', agentId, tab: 'recall', params: urlParams }));
    setRunning(true);
    setError(null);
    api.run(ops.RecallDocument, { input: inputOf(agentId, draft) }).then(
      ({ recall }) => {
        setResult(recall);
        setRunning(false);
      },
      (err: unknown) => {
        setError(err instanceof Error ? err : new Error(String(err)));
        setRunning(false);
      },
    );
  };

  return (
    <div className="recall">
      <form
        className="card wide filters"
        data-testid="recall-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.q.trim() !== '') run();
        }}
      >
        <label className="grow">
          query <input name="query" value={draft.q} onChange={set('q')} placeholder="what do you remember about…" />
        </label>
        <label>
          profile
          <select name="profile" value={draft.profile} onChange={set('profile')}>
            <option value="">agent’s default</option>
            {PROFILES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label>
          top K <input name="topK" type="number" min={1} max={100} value={draft.topK} onChange={set('topK')} className="narrow" />
        </label>
        <label className="check">
          <input type="checkbox" name="affect" checked={draft.affect} onChange={set('affect')} /> as if feeling
        </label>
        {draft.affect ? (
          <>
            <label>
              valence <input name="valence" type="range" min={-1} max={1} step={0.05} value={draft.valence} onChange={set('valence')} /> <span className="num">{Number(draft.valence).toFixed(2)}</span>
            </label>
            <label>
              arousal <input name="arousal" type="range" min={0} max={1} step={0.05} value={draft.arousal} onChange={set('arousal')} /> <span className="num">{Number(draft.arousal).toFixed(2)}</span>
            </label>
          </>
        ) : null}
        <button type="submit" disabled={running}>
          {running ? 'recalling…' : 'recall'}
        </button>
      </form>
      {error ? <ErrorBox error={error} /> : null}
      {result ? <RecallResultView key={result.recallId} agentId={agentId} result={result} /> : null}
    </div>
  );
}
