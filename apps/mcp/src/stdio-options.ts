/** Where the stdio MCP server finds Limbic and which agent it serves. */
export interface StdioMcpOptions {
  readonly url?: string;
  readonly apiKey?: string;
  readonly agentId?: string;
}

export const STDIO_USAGE = `usage: limbic-mcp [--url URL] [--api-key KEY] [--agent AGENT_ID]

Serves Limbic's MCP tools over stdio (stdout carries the protocol; logs go to stderr).
  --url      Limbic API base URL        (default LIMBIC_URL, else http://127.0.0.1:4000)
  --api-key  API key, sent as a bearer  (default LIMBIC_API_KEY)
  --agent    agent used when a tool call names none; created on first use (default LIMBIC_AGENT_ID)`;

export class UsageError extends Error {}

/** Flags given win over the environment; an empty value counts as not given. */
export function resolveStdioOptions(given: StdioMcpOptions, env: Readonly<Record<string, string | undefined>>): StdioMcpOptions {
  const pick = (a: string | undefined, b: string | undefined): string | undefined => (a ? a : b ? b : undefined);
  return { url: pick(given.url, env.LIMBIC_URL), apiKey: pick(given.apiKey, env.LIMBIC_API_KEY), agentId: pick(given.agentId, env.LIMBIC_AGENT_ID) };
}

/** `--url U --api-key K --agent A` (also `--flag=value`); null for --help. */
export function parseStdioArgs(argv: readonly string[]): StdioMcpOptions | null {
  const out: { url?: string; apiKey?: string; agentId?: string } = {};
  const keys: Record<string, keyof typeof out> = { '--url': 'url', '--api-key': 'apiKey', '--agent': 'agentId' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return null;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const key = keys[flag];
    if (!key) throw new UsageError(`unknown argument ${arg}\n${STDIO_USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) throw new UsageError(`${flag} needs a value\n${STDIO_USAGE}`);
    out[key] = value;
  }
  return out;
}
