import { describe, expect, it } from '@jest/globals';
import { formatRoute, parseRoute, type Route } from './route';

describe('hash routes', () => {
  it('round-trips every view, with odd ids and parameters', () => {
    const routes: Route[] = [
      { view: 'agents', params: {} },
      { view: 'agent', agentId: 'ada', tab: 'state', params: {} },
      { view: 'agent', agentId: 'a/b c', tab: 'memories', params: { contains: 'deploy', archived: 'ALL' } },
      { view: 'agent', agentId: 'ada', tab: 'recall', params: { q: 'what failed?' } },
      { view: 'memory', agentId: 'ada', memoryId: 'm-1', params: { depth: '3' } },
    ];
    for (const r of routes) expect(parseRoute(formatRoute(r))).toEqual(r);
  });

  it('falls back to the agent list or the state tab for what it does not know', () => {
    expect(parseRoute('')).toEqual({ view: 'agents', params: {} });
    expect(parseRoute('#/nowhere/x')).toEqual({ view: 'agents', params: {} });
    expect(parseRoute('#/agents/ada/unknown')).toEqual({ view: 'agent', agentId: 'ada', tab: 'state', params: {} });
    expect(parseRoute('#/agents/%E0%A4%A')).toMatchObject({ agentId: '%E0%A4%A' });
  });

  it('drops empty parameters from links', () => {
    expect(formatRoute({ view: 'agent', agentId: 'ada', tab: 'memories', params: { contains: '', scope: 's1' } })).toBe('#/agents/ada/memories?scope=s1');
  });
});
