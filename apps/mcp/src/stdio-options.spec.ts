import { parseStdioArgs, resolveStdioOptions, UsageError } from './stdio-options';

describe('stdio MCP options', () => {
  it('reads --url, --api-key and --agent, also as --flag=value; --help is null', () => {
    expect(parseStdioArgs(['--url', 'http://h:1', '--api-key=k', '--agent', 'a'])).toEqual({ url: 'http://h:1', apiKey: 'k', agentId: 'a' });
    expect(parseStdioArgs(['--help'])).toBeNull();
    expect(parseStdioArgs([])).toEqual({});
  });

  it('refuses unknown flags and flags without a value', () => {
    expect(() => parseStdioArgs(['--port', '1'])).toThrow(UsageError);
    expect(() => parseStdioArgs(['--agent'])).toThrow(/--agent needs a value/);
    expect(() => parseStdioArgs(['--agent', '--url', 'u'])).toThrow(/--agent needs a value/);
  });

  it('takes what flags leave out from LIMBIC_URL, LIMBIC_API_KEY, LIMBIC_AGENT_ID', () => {
    const env = { LIMBIC_URL: 'http://env', LIMBIC_API_KEY: 'envkey', LIMBIC_AGENT_ID: 'envagent' };
    expect(resolveStdioOptions({ agentId: 'flag' }, env)).toEqual({ url: 'http://env', apiKey: 'envkey', agentId: 'flag' });
    expect(resolveStdioOptions({}, { LIMBIC_AGENT_ID: '' })).toEqual({ url: undefined, apiKey: undefined, agentId: undefined });
  });
});
