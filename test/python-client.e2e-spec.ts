import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support/processes';
import { sharedStack, type SharedStack } from './support/shared-stack';

const PYTHON = join(ROOT, 'clients', 'python', '.venv', 'bin', 'python');

interface Run {
  readonly code: number | null;
  readonly output: string;
}

/** Runs pytest without blocking the event loop (the stack's processes write to pipes Jest reads). */
function pytest(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-m', 'pytest', 'clients/python/tests', '-q', '-p', 'no:cacheprovider', '--durations=8'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** pytest's closing line, e.g. "36 passed in 24.1s" or "1 failed, 35 passed, 2 skipped in …". */
function counted(output: string, outcome: 'passed' | 'failed' | 'skipped' | 'error'): number {
  const summary = output.trim().split('\n').at(-1) ?? '';
  const match = new RegExp(`(\\d+) ${outcome}`).exec(summary);
  return match ? Number(match[1]) : 0;
}

/** pytest's `FAILED …`/`ERROR …` summary lines and the `E   ` lines that say why. */
function failureLines(output: string): string[] {
  return output.split('\n').filter((line) => /^(FAILED|ERROR) |^E {3}/.test(line)).slice(0, 40);
}

describe('the Python client (clients/python) against the real stack', () => {
  let stack: SharedStack;

  beforeAll(async () => {
    if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is missing: run bash scripts/python-venv.sh (npm test does)`);
    stack = await sharedStack({ tenants: 2, worker: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('passes its pytest suite, every test run and none skipped', async () => {
    const run = await pytest({
      LIMBIC_URL: stack.url,
      LIMBIC_TEST_KEY_A: stack.tenants[0]!.key,
      LIMBIC_TEST_KEY_B: stack.tenants[1]!.key,
      // The suite's own settings only: no key of the developer's shell leaks into it.
      LIMBIC_API_KEY: '',
    });
    console.log(run.output);
    // The failing tests' names and first error lines go into the assertion itself: a CI log that
    // keeps only the failure still says which test broke and how.
    expect({ code: run.code, failures: failureLines(run.output) }).toEqual({ code: 0, failures: [] });
    expect(counted(run.output, 'passed')).toBeGreaterThan(0);
    // A skipped stack test would mean the stack's URL or keys did not reach pytest.
    expect(counted(run.output, 'skipped')).toBe(0);
    expect(counted(run.output, 'failed')).toBe(0);
  }, 300_000);
});
