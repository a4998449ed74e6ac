import type { ReactNode } from 'react';
import { LimbicError } from '../lib/client';
import type { Async } from '../lib/use-async';

/** Loading and failure, the same way in every view; `children` renders the value. */
export function Loaded<T>({ state, children }: { state: Async<T>; children: (value: T) => ReactNode }): ReactNode {
  if (state.status === 'loading') return <p className="muted" data-testid="loading">Loading…</p>;
  if (state.status === 'failed') return <ErrorBox error={state.error} />;
  return children(state.value);
}

export function ErrorBox({ error }: { error: Error }): ReactNode {
  const code = error instanceof LimbicError ? error.code : undefined;
  return (
    <div className="error" role="alert" data-testid="error" data-code={code}>
      {code ? <strong>{code}: </strong> : null}
      {error.message}
    </div>
  );
}
