// Input a hostile or careless client sends: refused with a typed error naming the field,
// nothing written, nothing echoed back at length, nothing described to a caller without a key.
import { request as httpRequest } from 'node:http';
import type { Driver } from 'neo4j-driver';
import { countTenant, testDriver } from './support/neo4j';
import { startStack, type Stack } from './support/stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id occurredAt } }`;
const MEMORY = `query($id: ID!) { memory(id: $id) { id } }`;
const INTROSPECT = `{ __schema { queryType { name } types { name } } }`;

describe('hostile input', () => {
  let stack: Stack;
  let driver: Driver;
  const client = () => stack.tenants[0]!.client;

  beforeAll(async () => {
    stack = await startStack({ tenants: 1, env: { LIMBIC_EMBEDDER: 'hash', LIMBIC_MAX_REQUEST_BYTES: String(2 * 1024 * 1024) } });
    driver = testDriver();
    await client().ok(CREATE_AGENT, { id: 'target' });
  });

  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  async function refused(query: string, variables: Record<string, unknown>) {
    const before = await countTenant(driver, stack.tenants[0]!.id);
    const r = await client().request(query, variables);
    const after = await countTenant(driver, stack.tenants[0]!.id);
    expect(after).toEqual(before);
    expect(r.data?.[Object.keys(r.data ?? {})[0] ?? ''] ?? null).toBeNull();
    return r.errors?.[0];
  }

  it.each([
    ['30 February', '2026-02-30T00:00:00Z', /does not exist/],
    ['a bare number', '1', /not an RFC 3339/],
    ['a date without a time', '2026-03-01', /not an RFC 3339/],
    ['year 1200', '1200-01-01T00:00:00Z', /year must be between/],
  ])('refuses occurredAt as %s, writing nothing', async (_what, occurredAt, message) => {
    const error = await refused(ENCODE, { input: { agentId: 'target', content: 'a date test', occurredAt } });
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toMatch(message);
  });

  it('stores an offset date-time as the instant it names', async () => {
    const r = await client().ok<{ encode: { occurredAt: string } }>(ENCODE, { input: { agentId: 'target', content: 'offset test', occurredAt: '2026-03-01T11:30:00+02:00' } });
    expect(r.encode.occurredAt).toBe('2026-03-01T09:30:00.000Z');
  });

  it.each([
    ['a lone surrogate in the content', { content: 'broken \uD83D text' }, 'content', /lone surrogate/],
    ['a NUL in the content', { content: 'null\u0000byte' }, 'content', /NUL/],
    ['a lone surrogate in a tag', { content: 'fine text', tags: ['ok', 'bad\uDE80'] }, 'tags[1]', /lone surrogate/],
  ])('refuses %s as BAD_USER_INPUT naming the field, writing nothing', async (_what, fields, field, message) => {
    const error = await refused(ENCODE, { input: { agentId: 'target', ...fields } });
    expect({ code: error?.extensions?.code, field: error?.extensions?.field }).toEqual({ code: 'BAD_USER_INPUT', field });
    expect(error?.message).toMatch(message);
  });

  it('never echoes more than a short prefix of a long value', async () => {
    const id = 'x'.repeat(10_000);
    for (const r of [await client().request(MEMORY, { id }), await client().request(ENCODE, { input: { agentId: id, content: 'hi' } })]) {
      expect(r.errors?.length).toBeGreaterThan(0);
      for (const e of r.errors ?? []) {
        expect(e.message.length).toBeLessThanOrEqual(301);
        expect(JSON.stringify(e)).not.toContain('x'.repeat(400));
        expect(JSON.stringify(e)).not.toMatch(/stacktrace/);
      }
    }
  });

  it('answers a body over the request limit, and one that is not JSON, in GraphQL’s error shape, writing nothing', async () => {
    const before = await countTenant(driver, stack.tenants[0]!.id);
    const post = (body: string) =>
      fetch(`${stack.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${stack.tenants[0]!.key}` }, body });
    const huge = await post(JSON.stringify({ query: ENCODE, variables: { input: { agentId: 'target', content: 'y'.repeat(3 * 1024 * 1024) } } }));
    expect(huge.status).toBe(413);
    const hugeBody = (await huge.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(hugeBody.errors[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(hugeBody.errors[0]?.message).toMatch(/larger than the limit of 2097152 bytes/);
    const broken = await post('{"query": "mutation {');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('BAD_REQUEST');
    expect(await countTenant(driver, stack.tenants[0]!.id)).toEqual(before);
  });

  it('refuses an import streamed without a length once it passes the limit, before reading the rest', async () => {
    const before = await countTenant(driver, stack.tenants[0]!.id);
    const limit = 64 * 1024 * 1024; // lifecycle.limits.ts
    const chunk = Buffer.alloc(1024 * 1024, '{"kind":"memory"}\n');
    const url = new URL(`${stack.url}/agents/streamed/import`);
    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${stack.tenants[0]!.key}` } },
        (res) => {
          answered = true;
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body: text, sent });
          });
        },
      );
      req.on('error', (err) => (answered ? undefined : reject(err)));
      // Chunked: no content-length for the server to refuse up front. Up to twice the limit.
      const pump = () => {
        while (!answered && sent < 2 * limit) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect((JSON.parse(body) as { message?: string; code?: string }).message ?? body).toMatch(/larger than the limit/);
    // Sockets buffer a few MiB beyond the limit; the server stopped reading long before 2×.
    expect(sent).toBeLessThan(limit + 16 * 1024 * 1024);
    expect(await countTenant(driver, stack.tenants[0]!.id)).toEqual(before);
  }, 60_000);

  it('refuses every request without a valid key, introspection included; answers it with one', async () => {
    for (const c of [client().withKey(undefined), client().withKey('not-a-real-key-123')]) {
      const r = await c.request<{ __schema: unknown }>(INTROSPECT);
      expect({ data: r.data ?? null, code: r.errors?.[0]?.extensions?.code }).toEqual({ data: null, code: 'UNAUTHENTICATED' });
      // Not even a validation error, whose "Did you mean …?" would describe the schema.
      const typo = await c.request('{ recal }');
      expect([typo.errors?.[0]?.extensions?.code, JSON.stringify(typo)]).toEqual(['UNAUTHENTICATED', expect.not.stringMatching(/recall/) as unknown]);
    }
    const ok = await client().ok<{ __schema: { queryType: { name: string } } }>(INTROSPECT);
    expect(ok.__schema.queryType.name).toBe('Query');
  });
});
