import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { AgentList } from './components/AgentList';
import { AgentPage } from './components/AgentPage';
import { KeyPrompt } from './components/KeyPrompt';
import { MemoryView } from './components/MemoryView';
import type { PageApi } from './lib/api';
import { ApiContext } from './lib/use-async';
import { href, useRoute } from './lib/use-route';

type KeyState = 'ok' | 'needed' | 'refused';

export function App({ api }: { api: PageApi }): ReactNode {
  const route = useRoute();
  const [generation, setGeneration] = useState(0);
  const [keyState, setKeyState] = useState<KeyState>('ok');
  const [hasKey, setHasKey] = useState(api.key !== null);
  useEffect(() => {
    const off = api.onUnauthenticated(() => setKeyState(api.key === null ? 'needed' : 'refused'));
    return () => {
      off();
    };
  }, [api]);
  const context = useMemo(() => ({ api, generation }), [api, generation]);
  const useKey = (key: string): void => {
    api.setKey(key);
    setHasKey(true);
    setKeyState('ok');
    setGeneration((g) => g + 1);
  };
  const forgetKey = (): void => {
    api.forgetKey();
    setHasKey(false);
    setGeneration((g) => g + 1);
  };

  return (
    <ApiContext.Provider value={context}>
      <header>
        <a href={href({ view: 'agents', params: {} })} className="brand">
          Limbic
        </a>
        {route.view !== 'agents' ? (
          <span className="crumbs">
            {' / '}
            <a href={href({ view: 'agent', agentId: route.agentId, tab: 'state', params: {} })} data-testid="crumb-agent">
              {route.agentId}
            </a>
            {route.view === 'memory' ? ' / memory' : ''}
          </span>
        ) : null}
        <span className="spacer" />
        <a href="/graphql" className="muted">
          GraphQL
        </a>
        {hasKey ? (
          <button type="button" className="small" onClick={forgetKey} data-testid="forget-key">
            forget key
          </button>
        ) : null}
      </header>
      <main>
        {keyState !== 'ok' ? <KeyPrompt refused={keyState === 'refused'} onKey={useKey} /> : view()}
      </main>
    </ApiContext.Provider>
  );

  // A plain call, not <View />: a component declared in render would remount on every render.
  function view(): ReactNode {
    switch (route.view) {
      case 'agents':
        return <AgentList />;
      case 'agent':
        return <AgentPage key={route.agentId} agentId={route.agentId} tab={route.tab} params={route.params} />;
      case 'memory':
        return <MemoryView agentId={route.agentId} memoryId={route.memoryId} params={route.params} />;
    }
  }
}
