// Without API keys the API listens on loopback and trusts its callers; a web page whose host
// name an attacker re-points at 127.0.0.1 (DNS rebinding) must still get nothing from it.
// node:http, not fetch: fetch may not set Host, and a browser under rebinding sends the
// attacker's name there.
import { request } from 'node:http';
import { startProcess, startWithFreePort, uniqueSuffix, type RunningProcess } from './support/processes';

interface Answer {
  readonly status: number;
  readonly body: string;
}

function post(port: number, path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (b: Buffer) => (text += b.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('keyless API and DNS rebinding', () => {
  let api: RunningProcess;
  let port: number;
  const agentId = `rebinding-${uniqueSuffix()}`;
  const createAgent = JSON.stringify({ query: 'mutation($id: ID!) { createAgent(input: { id: $id }) { id } }', variables: { id: agentId } });
  const agentQuery = JSON.stringify({ query: 'query($id: ID!) { agent(id: $id) { id } }', variables: { id: agentId } });

  beforeAll(async () => {
    ({ port, proc: api } = await startWithFreePort((p) => startProcess('api', { LIMBIC_API_KEYS: '', LIMBIC_PORT: String(p), LIMBIC_EMBEDDER: 'hash', LIMBIC_LOG_LEVEL: 'warn' }), '/health/ready'));
  });
  afterAll(async () => {
    if (port) await post(port, '/graphql', { host: `127.0.0.1:${port}` }, JSON.stringify({ query: 'mutation($id: ID!) { deleteAgent(id: $id) { agentId } }', variables: { id: agentId } }));
    await api?.stop();
  });

  it('refuses a request naming another host, or sent from a page of another origin, before it runs: FORBIDDEN, nothing written', async () => {
    const rebound = await post(port, '/graphql', { host: `evil.example:${port}`, origin: `http://evil.example:${port}` }, createAgent);
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
    const fromPage = await post(port, '/graphql', { host: `127.0.0.1:${port}`, origin: 'http://evil.example' }, createAgent);
    expect(fromPage.status).toBe(403);
    const mcp = await post(port, '/mcp', { host: `evil.example:${port}` }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(mcp.status).toBe(403);
    // Nothing was written: the agent does not exist for a loopback caller either.
    const after = JSON.parse((await post(port, '/graphql', { host: `127.0.0.1:${port}` }, agentQuery)).body) as { errors?: { extensions?: { code?: string } }[] };
    expect(after.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers loopback names, with or without a loopback page origin', async () => {
    const callers: Record<string, string>[] = [{ host: `127.0.0.1:${port}` }, { host: `localhost:${port}`, origin: `http://localhost:${port}` }];
    for (const headers of callers) {
      const r = await post(port, '/graphql', headers, createAgent);
      expect([r.status, (JSON.parse(r.body) as { data?: { createAgent?: { id: string } } }).data?.createAgent?.id]).toEqual([200, agentId]);
    }
  });
});
