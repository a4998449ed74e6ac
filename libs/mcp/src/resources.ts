import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { BadInputError, LimbicError, type LimbicClient } from '@limbic/client';
import type { AgentScope } from './agent-scope';
import { agentStateView, memoryView } from './views';

export const AGENT_STATE_URI = 'limbic://agents/{agentId}/state';
export const MEMORY_URI = 'limbic://memories/{memoryId}';

/** MCP's code for a resource that does not exist (spec: resources, error handling). */
const RESOURCE_NOT_FOUND = -32002;

export function registerResources(server: McpServer, client: LimbicClient, agents: AgentScope): void {
  server.registerResource(
    'agent-state',
    new ResourceTemplate(AGENT_STATE_URI, {
      // Only the configured agent is listed: a tenant may hold thousands.
      list: () => ({ resources: agents.defaultAgentId ? [{ uri: agentStateUri(agents.defaultAgentId), name: `agent ${agents.defaultAgentId} state`, mimeType: 'application/json' }] : [] }),
    }),
    { title: 'Agent state', description: 'An agent\'s internal state now (affect, mood, momentum, energy, goals, primed concepts), as JSON.', mimeType: 'application/json' },
    (uri, { agentId }) => readJson(uri, async () => agentStateView(await client.agent(agents.idOf(single(agentId))))),
  );

  server.registerResource(
    'memory',
    new ResourceTemplate(MEMORY_URI, { list: undefined }),
    { title: 'Memory', description: 'One memory by id (content, affect, importance, tags, scope, metadata), as JSON.', mimeType: 'application/json' },
    (uri, { memoryId }) => readJson(uri, async () => memoryView(await client.memory(single(memoryId) ?? ''))),
  );
}

export function agentStateUri(agentId: string): string {
  return `limbic://agents/${encodeURIComponent(agentId)}/state`;
}

export function memoryUri(memoryId: string): string {
  return `limbic://memories/${encodeURIComponent(memoryId)}`;
}

/** A URI variable, percent-decoded (the SDK's template match leaves it as written). */
function single(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  if (s === undefined) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    throw new BadInputError('BAD_USER_INPUT', `uri: ${s.slice(0, 100)} is not percent-encoded correctly`);
  }
}

/** A resource read has no isError: a LimbicError becomes a JSON-RPC error carrying {code, message}. */
async function readJson(uri: URL, read: () => Promise<unknown>): Promise<ReadResourceResult> {
  try {
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await read(), null, 2) }] };
  } catch (err) {
    if (!(err instanceof LimbicError)) throw err;
    const rpcCode = err.code === 'NOT_FOUND' ? RESOURCE_NOT_FOUND : err.code === 'BAD_USER_INPUT' ? ErrorCode.InvalidParams : ErrorCode.InternalError;
    throw new McpError(rpcCode, `${err.code}: ${err.message}`, { code: err.code, message: err.message });
  }
}
