import { Queue } from 'bullmq';
import { CONSISTENCY_HEADER, LimbicClient } from '@limbic/client';
import { backgroundSettled } from './support/queues';
import { RoundRobinProxy } from './support/round-robin-proxy';
import { startStack, type Stack } from './support/stack';

const HEADER = CONSISTENCY_HEADER.toLowerCase();
const REMEMBER = 'mutation($input: EncodeInput!) { encode(input: $input) { id } }';

/** A raw POST of one operation with a chosen consistency header. */
async function post(url: string, key: string, query: string, variables: Record<string, unknown>, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  if (token !== undefined) headers[HEADER] = token;
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string; field?: string } }[] };
  return { status: res.status, token: res.headers.get(HEADER), body };
}

/**
 * Issue 22's read-your-writes across replicas: three API processes and three workers against one
 * Neo4j and one Redis, behind a round-robin balancer, so consecutive calls of one client land
 * on different processes. One server has nothing to lag, so what is checked is the mechanism a
 * cluster relies on: writes answer with a token, the clients carry it without being asked,
 * every replica accepts the others' tokens, bad ones are refused before anything runs, and the
 * worker's job carries the writer's bookmarks.
 */
describe('three API replicas and three workers: read-your-writes with consistency tokens', () => {
  let stack: Stack;
  let replicas: string[];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    stack = await startStack({ tenants: 2, worker: true });
    // Three workers as well: the recalls' effects jobs come from three APIs and go to any worker.
    await Promise.all([stack.startWorker(), stack.startWorker()]);
    const more = await Promise.all([stack.startApi(), stack.startApi()]);
    replicas = [stack.url, ...more.map((r) => r.url)];
    proxy = await RoundRobinProxy.start(replicas);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await stack?.stop();
  });

  it('carries the token of each write to the next call, on whichever replica, and recalls what another replica stored', async () => {
    const tenant = stack.tenants[0]!;
    const limbic = new LimbicClient({ url: proxy.url, apiKey: tenant.key });
    const from = proxy.passed.length;
    await limbic.createAgent('ryw');
    const stored = await limbic.remember('ryw', 'The spare key to the boathouse hangs behind the tide chart.');
    const recalled = await limbic.recall('ryw', 'where is the boathouse key?', { topK: 3 });
    const counted = await limbic.countMemories('ryw');
    expect(recalled.items[0]?.memory.id).toBe(stored.id);
    expect(counted).toBe(1);

    const calls = proxy.passed.slice(from);
    expect(calls.map((c) => c.upstream)).toEqual([0, 1, 2, 0]);
    // Every write answered with a token; each call after the first carried the one before it.
    for (const [i, call] of calls.entries()) {
      const token = call.responseHeaders[HEADER];
      expect(typeof token).toBe('string');
      if (i > 0) expect(call.requestHeaders[HEADER]).toBe(calls[i - 1]!.responseHeaders[HEADER]);
    }
    expect(calls[0]!.requestHeaders[HEADER]).toBeUndefined();
    // A write's token names its own commit: the encode's differs from the create's.
    expect(calls[1]!.responseHeaders[HEADER]).not.toBe(calls[0]!.responseHeaders[HEADER]);
    // A read answers with the token it came with (nothing new to wait for).
    expect(calls[3]!.responseHeaders[HEADER]).toBe(calls[2]!.requestHeaders[HEADER]);

    // Recalls served by three APIs, their effects applied by three workers: each exactly once.
    for (let i = 0; i < 5; i++) expect((await limbic.recall('ryw', 'the boathouse key', { topK: 1 })).items[0]?.memory.id).toBe(stored.id);
    await backgroundSettled(stack);
    expect((await limbic.memory(stored.id)).accessCount).toBe(6);
  });

  it('hands the encode’s bookmarks to its appraisal job, which the worker then applies', async () => {
    const tenant = stack.tenants[0]!;
    const created = await post(replicas[1]!, tenant.key, 'mutation { createAgent(input: { id: "ryw-job" }) { id } }', {});
    const written = await post(replicas[2]!, tenant.key, REMEMBER, { input: { agentId: 'ryw-job', content: 'The ferry schedule changed on Monday.' } }, created.token ?? undefined);
    const memoryId = (written.body.data as { encode: { id: string } }).encode.id;
    const queue = new Queue('appraisal', { connection: { url: stack.env.REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix: stack.env.LIMBIC_QUEUE_PREFIX });
    try {
      // Added just after the answer (in the background): wait for it to land.
      let data: { v?: number; bookmarks?: string[] } | undefined;
      await eventually(async () => {
        data = (await queue.getJob(`appraisal-${memoryId}`))?.data as typeof data;
        return data !== undefined;
      });
      expect(data?.v).toBe(2);
      expect(data?.bookmarks?.length).toBeGreaterThan(0);
    } finally {
      await queue.close();
    }
    const limbic = new LimbicClient({ url: replicas[0]!, apiKey: tenant.key });
    await eventually(async () => (await limbic.memory(memoryId)).pendingAppraisal === false);
  });

  it('refuses a forged, altered or foreign token before anything runs: typed, naming the header, nothing written', async () => {
    const [a, b] = stack.tenants as [Stack['tenants'][0], Stack['tenants'][0]];
    const created = await post(replicas[0]!, a.key, 'mutation { createAgent(input: { id: "ryw-bad" }) { id } }', {});
    const token = created.token!;
    const [version, , signature] = token.split('.');
    // A bookmark far ahead of the database: Neo4j would hold the read for 60 s before giving up.
    const ahead = Buffer.from(JSON.stringify({ t: a.id, b: ['FB:kcwQAAAAAAAAAAAAAAAAAAAAAMoAD///kA=='] })).toString('base64url');
    const cases = [`${version}.${ahead}.${signature}`, 'not-a-token', `${token}x`];
    for (const bad of cases) {
      const r = await post(replicas[1]!, a.key, REMEMBER, { input: { agentId: 'ryw-bad', content: 'must not be stored' } }, bad);
      expect(r.status).toBe(400);
      expect(r.body.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'Limbic-Consistency' });
    }
    // Another tenant's token is no use to this one.
    const foreign = await post(replicas[2]!, b.key, 'query { agents(first: 1) { totalCount } }', {}, token);
    expect(foreign.body.errors?.[0]?.message).toMatch(/another API key/);
    const limbic = new LimbicClient({ url: replicas[0]!, apiKey: a.key });
    expect(await limbic.countMemories('ryw-bad')).toBe(0);
    // The REST routes refuse it in their own shape.
    const rest = await fetch(`${replicas[1]}/agents/ryw-bad/export`, { headers: { authorization: `Bearer ${a.key}`, [HEADER]: 'not-a-token' } });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'Limbic-Consistency' });
  });

  it('a client whose token another deployment issued drops it and carries on (the call runs once, without it)', async () => {
    const tenant = stack.tenants[1]!;
    const other = await stack.startApi({ LIMBIC_CONSISTENCY_SECRET: 'another-deployment-secret' });
    const elsewhere = await post(other.url, tenant.key, 'mutation { createAgent(input: { id: "ryw-moved" }) { id } }', {});
    expect(elsewhere.token).toMatch(/^v1\./);
    const limbic = new LimbicClient({ url: replicas[0]!, apiKey: tenant.key, consistencyToken: elsewhere.token! });
    const stored = await limbic.remember('ryw-moved', 'Stored once, after the stale token was dropped.');
    expect(await limbic.countMemories('ryw-moved')).toBe(1);
    expect(stored.id).toBeTruthy();
    // It now carries this deployment's token: the one the encode answered with.
    expect(limbic.http?.consistency?.header).toMatch(/^v1\./);
    expect(limbic.http?.consistency?.header).not.toBe(elsewhere.token);
    // Without the client's help the same token is a typed refusal, surfaced as such.
    const bare = new LimbicClient({ url: replicas[0]!, apiKey: tenant.key, consistency: false });
    const refused = await post(replicas[0]!, tenant.key, 'query { agent(id: "ryw-moved") { id } }', {}, elsewhere.token!);
    expect([refused.status, refused.body.errors?.[0]?.extensions?.field]).toEqual([400, 'Limbic-Consistency']);
    await expect(bare.agent('ryw-moved')).resolves.toMatchObject({ id: 'ryw-moved' });
    await expect(new LimbicClient({ url: replicas[0]!, apiKey: tenant.key, consistency: false, consistencyToken: 'garbage' }).agent('ryw-moved')).resolves.toMatchObject({
      id: 'ryw-moved',
    });
  });

  it('takes concurrent encodes to one agent from three replicas without losing or failing one (the agent’s lock, not a process, orders them)', async () => {
    const tenant = stack.tenants[1]!;
    const limbic = new LimbicClient({ url: proxy.url, apiKey: tenant.key });
    await limbic.createAgent('ryw-crowd');
    const n = 36;
    const from = proxy.passed.length;
    const stored = await Promise.all(Array.from({ length: n }, (_, i) => limbic.remember('ryw-crowd', `Crowded note ${i} about harbour ${i % 7}.`)));
    expect(new Set(stored.map((m) => m.id)).size).toBe(n);
    expect(await new LimbicClient({ url: replicas[2]!, apiKey: tenant.key }).countMemories('ryw-crowd')).toBe(n);
    expect(new Set(proxy.passed.slice(from, from + n).map((c) => c.upstream))).toEqual(new Set([0, 1, 2]));
    expect(proxy.passed.slice(from, from + n).every((c) => c.status === 200)).toBe(true);
  }, 60_000);
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
