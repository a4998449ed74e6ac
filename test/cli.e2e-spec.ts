// The `limbic` CLI as a shell user runs it: the built entry spawned against a real stack, with the
// URL and key in its environment. Values are checked through --json; the human output is checked
// for what a reader needs (rows, signals, the activation path, the recallId, the next cursor).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LimbicClient, type Memory, type RecallResult } from '@limbic/client';
import { ROOT } from './support/processes';
import { sharedStack, type SharedStack } from './support/shared-stack';

const ENTRY = join(ROOT, process.env.LIMBIC_DIST ?? 'dist', 'apps', 'cli', 'src', 'limbic.js');
const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const at = (minutes: number): string => new Date(T0 + minutes * 60_000).toISOString();

interface Run {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

interface RunOptions {
  readonly stdin?: string;
  readonly env?: Record<string, string>;
  /** Close our end of stdout after the first chunk, as `| head -c 1` does. */
  readonly closeAfterFirstChunk?: boolean;
}

describe('limbic CLI against the real stack', () => {
  let stack: SharedStack;
  let dir: string;
  let client: LimbicClient;

  const limbic = (args: readonly string[], options: RunOptions = {}): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [ENTRY, ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', LIMBIC_URL: stack.url, LIMBIC_API_KEY: stack.tenants[0]!.key, ...options.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        if (options.closeAfterFirstChunk) child.stdout.destroy();
      });
      child.stderr.on('data', (b: Buffer) => (err += b.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, out, err }));
      child.stdin.end(options.stdin ?? '');
    });

  /** A command that must succeed with --json, its stdout parsed. */
  const json = async <T>(args: readonly string[], options: RunOptions = {}): Promise<T> => {
    const r = await limbic(['--json', ...args], options);
    if (r.code !== 0) throw new Error(`limbic ${args.join(' ')} exited ${r.code}: ${r.err}`);
    return JSON.parse(r.out) as T;
  };
  const count = async (agent: string): Promise<number> => (await json<{ count: number }>(['memories', agent, '--count'])).count;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1 });
    dir = mkdtempSync(join(tmpdir(), 'limbic-cli-'));
    client = new LimbicClient({ url: stack.url, apiKey: stack.tenants[0]!.key });
  }, 180_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await stack?.stop();
  });

  it('creates an agent, and again with the same preset returns it', async () => {
    const created = await json<{ id: string; preset: string }>(['create-agent', 'ada', '--preset', 'agent']);
    expect(created).toMatchObject({ id: 'ada', preset: 'agent' });
    const again = await limbic(['create-agent', 'ada', '--preset', 'agent']);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^agent ada · preset agent · created /);
    expect(again.out).toContain('energy    1.00');
  });

  it('remembers from arguments and from stdin, with its options', async () => {
    const m = await json<Memory>(['remember', 'ada', 'postgres', 'primary', 'outage;', 'failover', 'to', 'replica', 'took', 'ninety', 'minutes', '--tag', 'ops', '-t', 'db', '--importance', '0.3', '--occurred-at', at(0), '--metadata', '{"source":"pager"}']);
    expect(m).toMatchObject({ agentId: 'ada', content: 'postgres primary outage; failover to replica took ninety minutes', tags: ['ops', 'db'], importance: 0.3, occurredAt: at(0), metadata: { source: 'pager' } });
    // One minute later and sharing no word with the outage: linked to it in time only.
    const plain = await limbic(['remember', 'ada', '-', '--occurred-at', at(1), '--scope', 'home', '--valence', '0.7', '--arousal', '0.4'], { stdin: 'my daughter painted yellow sunflowers at school\n' });
    expect(plain.code).toBe(0);
    const id = plain.out.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await client.memory(id);
    expect(stored).toMatchObject({ content: 'my daughter painted yellow sunflowers at school', scope: 'home', valence: 0.7, arousal: 0.4, affectGiven: true });
    await json(['remember', 'ada', 'the deploy failed because the disk was full', '--occurred-at', at(30)]);
  });

  it('recalls as a table, and with --explain shows the weighted signals and the activation path', async () => {
    const table = await limbic(['recall', 'ada', 'postgres', 'outage', 'failover', '--top-k', '3']);
    expect(table.code).toBe(0);
    const lines = table.out.trimEnd().split('\n');
    const recallId = /^recall (\S+) · /.exec(lines[0] ?? '')?.[1];
    expect(recallId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[1]).toMatch(/^rank\s+score\s+memory\s+content$/);
    expect(lines[2]).toMatch(/^\s+1\s+0\.\d{3}\s+[0-9a-f-]{36}\s+postgres primary outage/);
    expect(lines.at(-1)).toBe(`feedback: limbic feedback ${recallId} <memory> used|ignored`);

    const recalled = await json<RecallResult>(['recall', 'ada', 'postgres outage failover', '--top-k', '3', '--explain']);
    expect(recalled.items[0]?.memory.content).toMatch(/^postgres primary outage/);
    // Spreading reached the sunflowers over the TEMPORAL edge: a path of at least one hop.
    const reached = recalled.items.find((i) => (i.explanation?.activation?.path.length ?? 0) >= 2);
    expect(reached).toBeDefined();
    const path = reached!.explanation!.activation!;
    expect(path.path.at(-1)).toBe(reached!.memory.id);
    expect(path.edgeTypes).toHaveLength(path.path.length - 1);

    // A second recall may rank differently (the first one's effects): read its own rows.
    const explained = await limbic(['recall', 'ada', 'postgres outage failover', '--top-k', '3', '--explain']);
    expect(explained.code).toBe(0);
    const rows = explained.out.trimEnd().split('\n');
    const items = rows.map((l, i) => ({ id: /^\s+\d+\s+\d\.\d{3}\s+([0-9a-f-]{36})\s/.exec(l)?.[1], i })).filter((r) => r.id);
    expect(items).toHaveLength(3);
    for (const { i } of items) expect(rows[i + 1]).toMatch(/^ {6}signals {2}\w+ \d\.\d{3}( · \w+ \d\.\d{3}){0,3}$/);
    const spread = items.filter(({ i }) => /^ {6}path {5}seed [0-9a-f]{8}( —[A-Z]+→ [0-9a-f]{8})+ {2}\(activation \d\.\d{3}\)$/.test(rows[i + 2] ?? ''));
    expect(spread.length).toBeGreaterThan(0);
    // The path ends at the memory of its row.
    for (const { id, i } of spread) expect(rows[i + 2]).toContain(`→ ${id!.slice(0, 8)}  (activation`);
    expect(rows.at(-1)).toMatch(/^feedback: limbic feedback [0-9a-f-]{36} <memory> used\|ignored$/);
  });

  it('gives feedback on a recalled memory, once', async () => {
    const recalled = await json<RecallResult>(['recall', 'ada', 'disk full deploy']);
    const memoryId = recalled.items[0]!.memory.id;
    const first = await json<{ applied: boolean; agentId: string }>(['feedback', recalled.recallId, memoryId, 'used']);
    expect(first).toMatchObject({ applied: true, agentId: 'ada' });
    const again = await limbic(['feedback', recalled.recallId, memoryId, 'used']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('already had feedback');
  });

  it('sets goals and feeling, observes, and prints the state readably', async () => {
    await json(['goals', 'ada', 'keep the database up:0.9', 'family time']);
    const felt = await json<{ affect: { valence: number; arousal: number; dominance: number } }>(['feel', 'ada', '--valence', '0.5', '--arousal', '0.6', '--dominance', '0.7']);
    expect(felt.affect).toEqual({ valence: 0.5, arousal: 0.6, dominance: 0.7 });
    const observed = await json<{ primedConcepts: { name: string }[] }>(['observe', 'ada', 'the', 'replica', 'is', 'healthy', 'again']);
    expect(observed.primedConcepts.map((c) => c.name)).toContain('replica');
    const state = await limbic(['state', 'ada']);
    expect(state.code).toBe(0);
    const lines = state.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^agent ada · preset agent · created \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(lines[1]).toMatch(/^affect {4}valence [+-]\d\.\d\d {2}arousal \d\.\d\d {2}dominance \d\.\d\d$/);
    expect(lines.find((l) => l.startsWith('goals'))).toBe('goals     keep the database up (0.90) · family time (0.50)');
    expect(lines.find((l) => l.startsWith('primed'))).toContain('replica');
    expect(lines.some((l) => /^momentum {2}dv [+-]/.test(l))).toBe(true);
  });

  it('pages memories: --first 2 then --after visits every memory once; --all lists them all', async () => {
    await json(['create-agent', 'pager']);
    for (let i = 0; i < 5; i++) await json(['remember', 'pager', `page note ${i}`, '--occurred-at', at(i)]);
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: { items: Memory[]; endCursor: string | null; hasNextPage: boolean } = await json(['memories', 'pager', '--first', '2', ...(after ? ['--after', after] : [])]);
      seen.push(...page.items.map((m) => m.content));
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(seen).toEqual(['page note 4', 'page note 3', 'page note 2', 'page note 1', 'page note 0']);

    const human = await limbic(['memories', 'pager', '--first', '2']);
    const cursor = /^next page: limbic memories pager --after (\S+)$/m.exec(human.out)?.[1];
    expect(cursor).toBeDefined();
    const next = await limbic(['memories', 'pager', '--first', '2', '--after', cursor!]);
    expect(next.out).toContain('page note 2');
    expect(next.out).not.toContain('page note 4');

    const all = await limbic(['--json', 'memories', 'pager', '--all', '--first', '2']);
    expect(all.out.trim().split('\n').map((l) => (JSON.parse(l) as Memory).content)).toEqual(seen);
    const table = await limbic(['memories', 'pager', '--all']);
    expect(table.out.split('\n').filter((l) => /^[0-9a-f-]{36} {2}2026-03-01 09:0\d {2}page note \d$/.test(l))).toHaveLength(5);
    expect(await count('pager')).toBe(5);
  });

  it('lists agents and forgets memories', async () => {
    const agents = await limbic(['--json', 'agents']);
    expect(agents.out.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(expect.arrayContaining(['ada', 'pager']));
    const page: { items: Memory[] } = await json(['memories', 'pager', '--first', '1']);
    const forgotten = await limbic(['forget', page.items[0]!.id]);
    expect(forgotten.out.trim()).toBe(`archived ${page.items[0]!.id}`);
    expect(await count('pager')).toBe(4);
    expect((await json<{ count: number }>(['memories', 'pager', '--count', '--archived', 'all'])).count).toBe(5);
  });

  it('exports to a file and imports into a new agent: the counts match', async () => {
    const file = join(dir, 'ada.jsonl');
    const exported = await json<{ lines: number; bytes: number }>(['export', 'ada', file]);
    const text = readFileSync(file, 'utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(exported.lines);
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(exported.bytes);
    const toStdout = await limbic(['export', 'ada']);
    expect(toStdout.out.trimEnd().split('\n')).toHaveLength(exported.lines);

    const summary = await json<{ agentId: string; memories: number; goals: number }>(['import', file, 'ada-copy']);
    expect(summary).toMatchObject({ agentId: 'ada-copy', memories: 3, goals: 2 });
    expect(await count('ada-copy')).toBe(await count('ada'));
    const fromStdin = await json<{ memories: number }>(['import', '-', 'ada-piped'], { stdin: text });
    expect(fromStdin.memories).toBe(3);

    // A failed export leaves no file, not even its partial one; a missing file fails before any request.
    const broken = await limbic(['export', 'nobody', join(dir, 'nobody.jsonl')]);
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/^limbic: NOT_FOUND: /);
    expect(readdirSync(dir)).toEqual(['ada.jsonl']);
    const missing = await limbic(['import', join(dir, 'missing.jsonl'), 'ada-missing']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^limbic: ENOENT: no such file or directory/);
  });

  it('refuses bad input with exit 1 and BAD_USER_INPUT on stderr, writing nothing', async () => {
    const before = await count('ada');
    for (const args of [
      ['remember', 'ada', 'too important', '--importance', '5'],
      ['remember', 'ada', 'bad scope', '--scope', 'has spaces!'],
      ['recall', 'ada', 'x', '--top-k', '500'],
    ]) {
      const r = await limbic(args);
      expect([args.join(' '), r.code]).toEqual([args.join(' '), 1]);
      expect(r.err).toMatch(/^limbic: BAD_USER_INPUT: .+\n$/);
      expect(r.out).toBe('');
    }
    expect(await count('ada')).toBe(before);
  });

  it('says NOT_FOUND for an unknown agent (exit 1)', async () => {
    const r = await limbic(['state', 'nobody']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^limbic: NOT_FOUND: /);
    expect(r.out).toBe('');
  });

  it('exits 3 for a wrong or missing key', async () => {
    const wrong = await limbic(['agents'], { env: { LIMBIC_API_KEY: 'not-a-key-of-this-stack' } });
    expect(wrong.code).toBe(3);
    expect(wrong.err).toMatch(/^limbic: UNAUTHENTICATED: /);
    const flag = await limbic(['state', 'ada', '--api-key', 'not-a-key-of-this-stack']);
    expect(flag.code).toBe(3);
    const none = await limbic(['state', 'ada'], { env: { LIMBIC_API_KEY: '' } });
    expect(none.code).toBe(3);
  });

  it('exits 4 when the server cannot be reached', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const r = await limbic(['state', 'ada', '--url', `http://127.0.0.1:${closed}`]);
    expect(r.code).toBe(4);
    expect(r.err).toMatch(/^limbic: NETWORK_ERROR: cannot reach Limbic at /);
    expect(r.out).toBe('');
  });

  it('exits 2 for an unknown option or command, or a missing argument', async () => {
    const option = await limbic(['recall', 'ada', 'x', '--frobnicate']);
    expect(option.code).toBe(2);
    expect(option.err).toContain("unknown option '--frobnicate'");
    expect((await limbic(['frobnicate'])).code).toBe(2);
    expect((await limbic(['remember', 'ada'])).code).toBe(2);
    expect((await limbic(['--help'])).code).toBe(0);
  });

  it('runs as the package bin, and reaches the admin reembed command with its options', async () => {
    const launched = await new Promise<Run>((resolve, reject) => {
      // Executed directly: its shebang and exec bit are what `npx limbic` relies on.
      const child = spawn(join(ROOT, 'bin', 'limbic.js'), ['--version'], { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, out, err: '' }));
    });
    expect(launched).toMatchObject({ code: 0, out: `${(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n` });

    // reembed talks to Neo4j and Redis as the API does, through the stack's environment.
    const inherited = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
    const admin = { ...inherited, NODE_ENV: 'test', ...stack.env };
    const refused = await limbic(['reembed', '--model', 'no-such-model', '--tenant', stack.tenants[0]!.id], { env: admin });
    expect(refused.code).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err).toContain(`tenant ${stack.tenants[0]!.id}: UNKNOWN_MODEL: `);
    const status = await limbic(['reembed', '--status', '--tenant', stack.tenants[0]!.id], { env: admin });
    expect(status.code).toBe(0);
    expect((await limbic(['reembed', '--modle', 'x'])).code).toBe(2);
  });

  it('exits quietly when its reader closes the pipe early', async () => {
    await json(['create-agent', 'bulk']);
    await client.rememberMany('bulk', Array.from({ length: 40 }, (_, i) => ({ content: `bulk memory ${i} with enough words to make a line`, occurredAt: at(i) })));
    const full = await limbic(['export', 'bulk']);
    // More than a pipe holds, so the CLI is still writing when its reader goes away.
    expect(Buffer.byteLength(full.out)).toBeGreaterThan(256 * 1024);
    const cut = await limbic(['export', 'bulk'], { closeAfterFirstChunk: true });
    expect(cut.code).toBe(0);
    expect(cut.err).toBe('');
    expect(cut.out.length).toBeLessThan(full.out.length);
  });
});
