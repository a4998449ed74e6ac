/** Which view the hash names, so that every view can be linked and reloaded. */
export type AgentTab = 'state' | 'memories' | 'recall';

export type Route =
  | { readonly view: 'agents'; readonly params: Readonly<Record<string, string>> }
  | { readonly view: 'agent'; readonly agentId: string; readonly tab: AgentTab; readonly params: Readonly<Record<string, string>> }
  | { readonly view: 'memory'; readonly agentId: string; readonly memoryId: string; readonly params: Readonly<Record<string, string>> };

const TABS: readonly AgentTab[] = ['state', 'memories', 'recall'];

/** `#/agents/ada/memories?contains=deploy` → the memories tab of ada, filtered. Unknown paths are the agent list. */
export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const params = Object.fromEntries(new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)));
  const parts = path.split('/').filter((p) => p !== '').map(safeDecode);
  if (parts[0] !== 'agents' || parts[1] === undefined) return { view: 'agents', params };
  const agentId = parts[1];
  if (parts[2] === 'memories' && parts[3] !== undefined) return { view: 'memory', agentId, memoryId: parts[3], params };
  const tab = TABS.find((t) => t === parts[2]) ?? 'state';
  return { view: 'agent', agentId, tab, params };
}

export function formatRoute(route: Route): string {
  const path = (() => {
    switch (route.view) {
      case 'agents':
        return '/';
      case 'agent':
        return `/agents/${encodeURIComponent(route.agentId)}/${route.tab}`;
      case 'memory':
        return `/agents/${encodeURIComponent(route.agentId)}/memories/${encodeURIComponent(route.memoryId)}`;
    }
  })();
  const query = new URLSearchParams(Object.entries(route.params).filter(([, v]) => v !== '')).toString();
  return `#${path}${query ? `?${query}` : ''}`;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
