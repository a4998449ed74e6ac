import { createContext, useContext, useEffect, useState, type DependencyList } from 'react';
import type { PageApi } from './api';

export interface ApiContextValue {
  readonly api: PageApi;
  /** Bumped when the key changes, so that every view loads again with it. */
  readonly generation: number;
}

export const ApiContext = createContext<ApiContextValue | null>(null);

export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi outside <ApiContext.Provider>');
  return value;
}

export type Async<T> = { readonly status: 'loading' } | { readonly status: 'ready'; readonly value: T } | { readonly status: 'failed'; readonly error: Error };

/**
 * Loads when the deps (or the key) change. An answer that arrives after the view moved on is
 * dropped rather than the request aborted: an aborted fetch is a failed request in the browser's
 * log, and the page promises none.
 */
export function useAsync<T>(load: (api: PageApi) => Promise<T>, deps: DependencyList): Async<T> & { readonly reload: () => void } {
  const { api, generation } = useApi();
  const [state, setState] = useState<Async<T>>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load(api).then(
      (value) => current && setState({ status: 'ready', value }),
      (error: unknown) => current && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render: what it reads is in deps.
  }, [api, generation, tick, ...deps]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}
