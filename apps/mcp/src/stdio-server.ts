import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { LimbicClient } from '@limbic/client';
import { createLimbicMcpServer } from '@limbic/mcp';
import { resolveStdioOptions, type StdioMcpOptions } from './stdio-options';

/**
 * Serves Limbic's MCP tools on this process's stdin/stdout until stdin ends (the MCP client
 * closed the session). Options left out come from LIMBIC_URL, LIMBIC_API_KEY and
 * LIMBIC_AGENT_ID. stdout is the protocol: anything else this process says goes to stderr.
 */
export async function runStdioMcpServer(options: StdioMcpOptions = {}): Promise<void> {
  const { url, apiKey, agentId } = resolveStdioOptions(options, process.env);
  const client = new LimbicClient({ url, apiKey });
  const server = createLimbicMcpServer(client, { agentId });
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  await server.connect(transport);
  process.stderr.write(`limbic-mcp: serving ${client.http?.baseUrl ?? 'Limbic'} over stdio${agentId ? ` (agent ${agentId})` : ' (no default agent: tools need agent_id)'}\n`);
  await ended;
  await server.close();
}
