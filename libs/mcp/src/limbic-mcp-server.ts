import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { LimbicClient } from '@limbic/client';
import { AgentScope } from './agent-scope';
import { registerResources } from './resources';
import { registerMemoryTools } from './tools/memory-tools';
import { registerStateTools } from './tools/state-tools';

export interface LimbicMcpOptions {
  /** The agent tools use when a call names none. */
  readonly agentId?: string;
  /** Reported to MCP clients in serverInfo. */
  readonly version?: string;
}

const INSTRUCTIONS =
  'Limbic is your long-term memory. Use recall before answering from what you may have learnt earlier, remember for anything worth keeping, ' +
  'and feedback after a recall for the memories you used. observe and set_feeling keep your internal state (which colours recall) current.';

/**
 * Limbic's MCP tools and resources, one definition for every transport: stdio runs it on a
 * LimbicClient over HTTP, the API's /mcp on one that executes in the API's own process.
 */
export function createLimbicMcpServer(client: LimbicClient, options: LimbicMcpOptions = {}): McpServer {
  const server = new McpServer({ name: 'limbic', version: options.version ?? '0.1.0' }, { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } });
  const agents = new AgentScope(client, options.agentId);
  registerMemoryTools(server, client, agents);
  registerStateTools(server, client, agents);
  registerResources(server, client, agents);
  return server;
}
