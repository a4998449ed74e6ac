import { Readable, Writable } from 'node:stream';
import { NotFoundError, type LimbicClient, type LimbicClientOptions } from '@limbic/client';
import { EXIT } from './exit-codes';
import { runCli } from './run';
import { agent, memory } from './testing/fixtures';

interface Call {
  readonly method: string;
  readonly args: unknown[];
}

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

/** Runs a command line against a client whose methods record their calls and answer `answers`. */
async function run(argv: string[], answers: Record<string, (...args: unknown[]) => unknown> = {}, stdin = '') {
  const stdout = sink();
  const stderr = sink();
  const calls: Call[] = [];
  const created: LimbicClientOptions[] = [];
  const client = new Proxy({} as LimbicClient, {
    get: (_t, method: string) => async (...args: unknown[]) => {
      calls.push({ method, args });
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected call ${method}`);
      return answer(...args);
    },
  });
  const code = await runCli(argv, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: Readable.from([Buffer.from(stdin)]),
    env: {},
    createClient: (options) => {
      created.push(options);
      return client;
    },
  });
  return { code, out: stdout.text(), err: stderr.text(), calls, created };
}

describe('limbic command lines', () => {
  it('refuses unknown options, commands and missing arguments with exit 2, before any request', async () => {
    for (const argv of [['recall', 'ada', 'q', '--bogus'], ['bogus'], ['recall', 'ada'], ['remember'], ['feedback', 'r', 'm', 'maybe'], ['create-agent', 'a', '--preset', 'nope']]) {
      const r = await run(argv);
      expect([argv.join(' '), r.code]).toEqual([argv.join(' '), EXIT.USAGE]);
      expect(r.err).toMatch(/^error: /);
      expect(r.out).toBe('');
      expect(r.created).toEqual([]);
    }
  });

  it('refuses values of the wrong type as usage errors, naming the option', async () => {
    const r = await run(['recall', 'ada', 'q', '--top-k', 'ten']);
    expect(r.code).toBe(EXIT.USAGE);
    expect(r.err).toContain("option '-k, --top-k <n>' argument 'ten' is invalid. not a number.");
    const m = await run(['remember', 'ada', 'x', '--metadata', '[1]']);
    expect(m.code).toBe(EXIT.USAGE);
    expect(m.err).toContain('not a JSON object');
    const g = await run(['goals', 'ada']);
    expect(g.code).toBe(EXIT.USAGE);
    expect(g.err).toContain('--clear');
    expect(g.calls).toEqual([]);
  });

  it('passes what remember was given, words joined, and prints the id', async () => {
    const r = await run(['remember', 'ada', 'the', 'disk', 'was', 'full', '-t', 'ops', '--tag', 'disk', '--importance', '0.4', '--external-id', 'e1'], { remember: () => memory('m-1', 'x') });
    expect(r.code).toBe(EXIT.OK);
    expect(r.calls).toEqual([{ method: 'remember', args: ['ada', { content: 'the disk was full', tags: ['ops', 'disk'], importance: 0.4, externalId: 'e1' }] }]);
    expect(r.out).toBe('m-1\n');
  });

  it('reads the content from stdin for -', async () => {
    const r = await run(['remember', 'ada', '-'], { remember: () => memory('m-2', 'x') }, 'line one\nline two\n');
    expect(r.calls[0]?.args).toEqual(['ada', { content: 'line one\nline two' }]);
  });

  it('takes --url, --api-key and --json before or after the command', async () => {
    for (const argv of [['--json', '--url', 'http://h:1', '--api-key', 'k-123', 'state', 'ada'], ['state', 'ada', '--json', '--url', 'http://h:1', '--api-key', 'k-123']]) {
      const r = await run(argv, { agent: () => agent() });
      expect(r.code).toBe(EXIT.OK);
      expect(r.created).toEqual([{ url: 'http://h:1', apiKey: 'k-123' }]);
      expect(JSON.parse(r.out)).toEqual(agent());
    }
  });

  it("reports the API's refusal as `limbic: CODE: message` on stderr, exit 1, nothing on stdout", async () => {
    const r = await run(['state', 'nobody'], { agent: () => Promise.reject(new NotFoundError('NOT_FOUND', 'agent nobody not found')) });
    expect(r.code).toBe(EXIT.FAILED);
    expect(r.err).toBe('limbic: NOT_FOUND: agent nobody not found\n');
    expect(r.out).toBe('');
  });

  it('parses goals with priorities and sends the default for the others', async () => {
    const r = await run(['goals', 'ada', 'ship:0.9', 'learn'], { setGoals: () => agent() });
    expect(r.calls[0]?.args).toEqual(['ada', [{ name: 'ship', priority: 0.9 }, { name: 'learn', priority: 0.5 }]]);
  });

  it('maps feedback signals and memories flags to the API', async () => {
    const f = await run(['feedback', 'r-1', 'm-1', 'ignored'], { feedback: () => ({ agentId: 'ada', applied: true, queryType: 'factual' }) });
    expect(f.calls[0]?.args).toEqual([{ recallId: 'r-1', memoryId: 'm-1', signal: 'IGNORED' }]);
    const m = await run(['memories', 'ada', '--first', '2', '--after', 'c1', '--archived', 'all', '--json'], { memoriesPage: () => ({ items: [], endCursor: null, hasNextPage: false }) });
    expect(m.calls[0]?.args).toEqual(['ada', { filter: { archived: 'ALL' }, first: 2, after: 'c1' }]);
    expect(JSON.parse(m.out)).toEqual({ items: [], endCursor: null, hasNextPage: false });
  });

  it('pages through every page with --all, a header once, and prints JSON Lines with --json', async () => {
    const pages: Record<string, { items: ReturnType<typeof memory>[]; endCursor: string | null; hasNextPage: boolean }> = {
      start: { items: [memory('m-1', 'one'), memory('m-2', 'two')], endCursor: 'c2', hasNextPage: true },
      c2: { items: [memory('m-3', 'three')], endCursor: 'c3', hasNextPage: false },
    };
    const memoriesPage = (_a: unknown, o: unknown) => pages[(o as { after?: string }).after ?? 'start'];
    const human = await run(['memories', 'ada', '--all', '--first', '2'], { memoriesPage });
    expect(human.out.split('\n').filter((l) => l.startsWith('memory'))).toHaveLength(1);
    expect(human.out.match(/m-\d/g)).toEqual(['m-1', 'm-2', 'm-3']);
    const json = await run(['memories', 'ada', '--all', '--json'], { memoriesPage });
    expect(json.out.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(['m-1', 'm-2', 'm-3']);
  });

  it('prints help with the exit codes, and the version, with exit 0', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(EXIT.OK);
    expect(help.out).toContain('Exit codes:');
    expect(help.out).toContain('limbic recall ada');
    const version = await run(['--version']);
    expect(version.code).toBe(EXIT.OK);
    expect(version.out).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
