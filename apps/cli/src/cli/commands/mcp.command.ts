import type { Command } from 'commander';

/**
 * `limbic mcp`: the stdio MCP server (the same as `limbic-mcp`), for MCP client configurations
 * that launch `npx limbic mcp`. stdout carries the protocol from here on, so nothing may print
 * through the CLI's output; the server logs to stderr. Loaded only when run.
 */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('serve the MCP tools over stdio for an MCP client (Claude Desktop, Cursor, …); logs go to stderr')
    .option('--agent <id>', 'the agent a tool call that names none uses; created on first use (env LIMBIC_AGENT_ID)')
    .action(async (o: { agent?: string }, cmd: Command) => {
      const g = cmd.optsWithGlobals<{ url: string; apiKey?: string }>();
      const { runStdioMcpServer } = await import('../../../../mcp/src/stdio-server.js');
      await runStdioMcpServer({ url: g.url, apiKey: g.apiKey, agentId: o.agent });
    });
}
