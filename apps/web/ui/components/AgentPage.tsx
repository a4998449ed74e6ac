import type { ReactNode } from 'react';
import { ops } from '../lib/client';
import type { AgentTab } from '../lib/route';
import { useAsync } from '../lib/use-async';
import { href } from '../lib/use-route';
import { MemoryList } from './MemoryList';
import { RecallExplorer } from './RecallExplorer';
import { StateTab } from './StateTab';
import { Loaded } from './Status';

const TABS: readonly { readonly tab: AgentTab; readonly label: string }[] = [
  { tab: 'state', label: 'State' },
  { tab: 'memories', label: 'Memories' },
  { tab: 'recall', label: 'Recall explorer' },
];

export function AgentPage({ agentId, tab, params }: { agentId: string; tab: AgentTab; params: Readonly<Record<string, string>> }): ReactNode {
  const agent = useAsync((api) => api.run(ops.AgentDocument, { id: agentId }), [agentId, tab]);
  return (
    <>
      <nav className="tabs">
        {TABS.map((t) => (
          <a key={t.tab} href={href({ view: 'agent', agentId, tab: t.tab, params: {} })} className={t.tab === tab ? 'active' : ''} data-testid={`tab-${t.tab}`}>
            {t.label}
          </a>
        ))}
      </nav>
      {tab === 'state' ? <Loaded state={agent}>{({ agent: a }) => <StateTab agent={a} onRefresh={agent.reload} />}</Loaded> : null}
      {tab === 'memories' ? <MemoryList agentId={agentId} params={params} /> : null}
      {tab === 'recall' ? <RecallExplorer agentId={agentId} params={params} /> : null}
    </>
  );
}
