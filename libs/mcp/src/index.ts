export { AgentScope } from './agent-scope';
export { createLimbicMcpServer, type LimbicMcpOptions } from './limbic-mcp-server';
export { AGENT_STATE_URI, MEMORY_URI, agentStateUri, memoryUri } from './resources';
export { ERROR_META_KEY, toolError, type ToolErrorInfo } from './tool-result';
