// MCP over stdio (issue 20): the SDK's own client launches `node dist/apps/mcp/src/main.js`
// the way Claude Desktop or Cursor would, against the real stack.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describeMcpTools, memoryCount, TOOL_NAMES, toolError } from './support/mcp';
import { ROOT, uniqueSuffix } from './support/processes';
import { sharedStack, type SharedStack } from './support/shared-stack';
import type { Tenant } from './support/stack';

const MAIN = join(ROOT, process.env.LIMBIC_DIST ?? 'dist', 'apps', 'mcp', 'src', 'main.js');
const CLI = join(ROOT, 'bin', 'limbic.js');

describe('MCP over stdio', () => {
  let stack: SharedStack;
  let tenant: Tenant;
  let client: Client;
  let stderr = '';
  const agentId = `stdio-${uniqueSuffix()}`;

  async function launch(env: Record<string, string>, args: string[] = [], entry: string[] = [MAIN]): Promise<Client> {
    const transport = new StdioClientTransport({ command: process.execPath, args: [...entry, ...args], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' });
    transport.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    const c = new Client({ name: 'limbic-e2e', version: '0' });
    await c.connect(transport);
    return c;
  }

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1, embedder: 'hash' });
    tenant = stack.tenants[0]!;
    client = await launch({ LIMBIC_URL: stack.url, LIMBIC_API_KEY: tenant.key, LIMBIC_AGENT_ID: agentId });
  });

  afterAll(async () => {
    await client?.close();
    await stack?.stop();
  });

  describeMcpTools(() => ({ client, agentId, gql: tenant.client }));

  it('`limbic mcp` (the CLI) serves the same tools, with the global --url/--api-key and its own --agent', async () => {
    const viaCli = await launch({ PATH: process.env.PATH ?? '' }, ['--url', stack.url, '--api-key', tenant.key, 'mcp', '--agent', `${agentId}-cli`], [CLI]);
    try {
      expect((await viaCli.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
      const r = await viaCli.callTool({ name: 'remember', arguments: { content: 'the cli serves mcp too' } });
      expect(r.isError).toBeFalsy();
      expect(await memoryCount(tenant.client, `${agentId}-cli`)).toBe(1);
    } finally {
      await viaCli.close();
    }
  });

  it('logs only to stderr, naming the API and the agent', () => {
    expect(stderr).toContain(`serving ${stack.url} over stdio (agent ${agentId})`);
  });

  it('takes URL, key and agent from flags too; without any agent a tool says so', async () => {
    const flagged = await launch({}, ['--url', stack.url, '--api-key', tenant.key]);
    try {
      const r = await toolError(flagged, 'agent_state', {});
      expect(r.code).toBe('BAD_USER_INPUT');
      expect(r.text).toMatch(/agent_id: no agent given and none configured/);
      const named = await flagged.callTool({ name: 'agent_state', arguments: { agent_id: agentId } });
      expect(named.isError).toBeFalsy();
    } finally {
      await flagged.close();
    }
  });

  it('exits 0 when the client ends the session (stdin closes), 2 on a usage error', async () => {
    const exitOf = (args: string[]) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, [MAIN, ...args], { env: { PATH: process.env.PATH ?? '', LIMBIC_URL: stack.url }, stdio: ['pipe', 'ignore', 'ignore'] });
        child.once('exit', resolve);
        child.stdin.end();
      });
    expect(await exitOf([])).toBe(0);
    expect(await exitOf(['--port', '1'])).toBe(2);
  });

  it('a wrong key is UNAUTHENTICATED on every call', async () => {
    const wrong = await launch({ LIMBIC_URL: stack.url, LIMBIC_API_KEY: 'not-a-key', LIMBIC_AGENT_ID: agentId });
    try {
      const r = await toolError(wrong, 'agent_state', {});
      expect(r.code).toBe('UNAUTHENTICATED');
    } finally {
      await wrong.close();
    }
  });
});
