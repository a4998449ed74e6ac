import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Driver } from 'neo4j-driver';
import { startStack, type Stack } from './support/stack';
import { ROOT } from './support/processes';
import { testDriver } from './support/neo4j';

/**
 * A measurement, not a check (README "Changing the embedding model"): re-embeds MEMORIES memories
 * from hash-384 to the real bge-small-en-v1.5 (models/) and prints memories/s. Skipped unless
 * LIMBIC_BENCH_REEMBED=1 (it needs the model and takes a minute or two of both cores).
 */
const MEMORIES = Number(process.env.LIMBIC_BENCH_REEMBED_MEMORIES ?? 2000);
// Skipped by default: a throughput measurement (no assertion worth failing CI on) that costs minutes of both cores; LIMBIC_BENCH_REEMBED=1 runs it.
const bench = process.env.LIMBIC_BENCH_REEMBED === '1' ? describe : describe.skip;

bench('re-embed rate, hash-384 → bge-small-en-v1.5', () => {
  let stack: Stack;
  let driver: Driver;

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, worker: true, env: { LIMBIC_EMBEDDER: 'hash', LIMBIC_HASH_DIM: '384' } });
    driver = testDriver();
    const c = stack.tenants[0]!.client;
    await c.ok(`mutation { createAgent(input: { id: "ana" }) { id } }`);
    for (let start = 0; start < MEMORIES; start += 250) {
      const items = Array.from({ length: Math.min(250, MEMORIES - start) }, (_, i) => ({
        content: `On day ${start + i} the team talked about topic ${(start + i) % 97}, the budget line ${(start + i) % 13} and what to do next week.`,
      }));
      await c.ok(`mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id } } } }`, { input: { agentId: 'ana', items } });
    }
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('prints memories/s', async () => {
    const tenant = stack.tenants[0]!.id;
    const cli = spawn(process.execPath, [join(ROOT, 'dist', 'apps', 'cli', 'src', 'reembed.js'), '--model', 'bge-small-en-v1.5', '--tenant', tenant], { cwd: ROOT, env: { ...process.env, ...stack.env }, stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
    expect(code).toBe(0);
    const r = await driver.executeQuery('MATCH (r:LimbicReembedRun {tenantId: $t}) RETURN r {.*} AS run', { t: tenant });
    const run = r.records[0]!.get('run') as Record<string, number>;
    const embedS = (run.switchedAt! - run.startedAt!) / 1000;
    const totalS = (run.finishedAt! - run.startedAt!) / 1000;
    console.log(
      `re-embed ${run.embedded} memories hash-384 → bge-small-en-v1.5 (batch ${stack.env.LIMBIC_REEMBED_BATCH ?? 'default'}): ` +
        `start → switch ${embedS.toFixed(1)} s = ${(run.embedded! / embedS).toFixed(1)} memories/s; start → done ${totalS.toFixed(1)} s = ${(run.embedded! / totalS).toFixed(1)} memories/s`,
    );
  }, 900_000);
});
