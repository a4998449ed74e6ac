// MCP over Streamable HTTP at /mcp on the API (issue 20): the SDK's own client, with the
// tenant's key in the Authorization header, against the real stack.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { call, describeMcpTools, memoryCount, ok, readJson, toolError } from './support/mcp';
import { uniqueSuffix } from './support/processes';
import { startStack, type Stack, type Tenant } from './support/stack';

const MAX_REQUEST_BYTES = 64 * 1024;

describe('MCP over Streamable HTTP (/mcp)', () => {
  let stack: Stack;
  let a: Tenant, b: Tenant, limited: Tenant;
  let client: Client;
  const agentId = `http-${uniqueSuffix()}`;
  const open: Client[] = [];

  async function connect(key: string | undefined, agent?: string): Promise<Client> {
    const url = new URL(`${stack.url}/mcp`);
    if (agent) url.searchParams.set('agent', agent);
    const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} } });
    const c = new Client({ name: 'limbic-e2e', version: '0' });
    await c.connect(transport);
    open.push(c);
    return c;
  }

  const initialize = (headers: Record<string, string>, body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } })) =>
    fetch(`${stack.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });

  beforeAll(async () => {
    stack = await startStack({
      tenants: 3,
      env: ([, , tc]) => ({
        LIMBIC_EMBEDDER: 'hash',
        LIMBIC_MAX_REQUEST_BYTES: String(MAX_REQUEST_BYTES),
        // The third tenant: one operation's worth of bucket, refilled at 1 a second.
        LIMBIC_RATE_LIMIT_TENANTS: JSON.stringify({ [tc!]: { costPerSec: 1, burst: 1000 } }),
      }),
    });
    [a, b, limited] = stack.tenants as [Tenant, Tenant, Tenant];
    client = await connect(a.key, agentId);
  });

  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await stack?.stop();
  });

  describeMcpTools(() => ({ client, agentId, gql: a.client }));

  it('without a key, or with a wrong one, /mcp answers 401 before any MCP processing', async () => {
    await expect(connect(undefined)).rejects.toMatchObject({ code: 401 });
    await expect(connect('wrong-key')).rejects.toMatchObject({ code: 401 });
    const res = await initialize({ authorization: 'Bearer wrong-key' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('UNAUTHENTICATED');
  });

  it("tenant B's key cannot read tenant A's memory, as a resource or with a tool", async () => {
    const { memory } = await ok<{ memory: { id: string } }>(client, 'remember', { content: 'Tenant A alone knows the vault code 7311.' });
    const other = await connect(b.key, agentId);
    await expect(other.readResource({ uri: `limbic://memories/${memory.id}` })).rejects.toMatchObject({ code: -32002, message: expect.stringContaining('NOT_FOUND') });
    expect((await toolError(other, 'forget', { memoryId: memory.id })).code).toBe('NOT_FOUND');
    const recalled = await ok<{ items: { memory: { id: string } }[] }>(other, 'recall', { query: 'vault code' });
    expect(recalled.items.map((i) => i.memory.id)).not.toContain(memory.id);
    // Still there for A: B's forget touched nothing.
    expect(await readJson(client, `limbic://memories/${memory.id}`)).toMatchObject({ id: memory.id, archived: false });
  });

  it('without ?agent= and without agent_id a tool says which argument is missing', async () => {
    const bare = await connect(a.key);
    const r = await toolError(bare, 'remember', { content: 'nowhere to go' });
    expect(r.code).toBe('BAD_USER_INPUT');
    expect(r.text).toMatch(/agent_id: no agent given and none configured/);
  });

  it('runs through admission: a tenant over its rate limit gets RATE_LIMITED as a tool error', async () => {
    const c = await connect(limited.key, 'busy');
    let code: unknown;
    for (let i = 0; i < 30 && code === undefined; i++) {
      const r = await call(c, 'recall', { query: `tide ${i}`, topK: 100, explain: true });
      if (r.result.isError) code = r.data.code;
    }
    expect(code).toBe('RATE_LIMITED');
  });

  it('is stateless: GET and DELETE answer 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${stack.url}/mcp`, { method, headers: { authorization: `Bearer ${a.key}`, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('keeps the API body refusals: an oversized body is 413, a body that is not JSON is 400', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'remember', arguments: { agent_id: agentId, content: 'x'.repeat(MAX_REQUEST_BYTES) } } });
    const before = await memoryCount(a.client, agentId);
    expect((await initialize({ authorization: `Bearer ${a.key}` }, huge)).status).toBe(413);
    expect((await initialize({ authorization: `Bearer ${a.key}` }, '{"jsonrpc": "2.0", ')).status).toBe(400);
    expect(await memoryCount(a.client, agentId)).toBe(before);
  });
});
