import type { Driver } from 'neo4j-driver';
import { countTenant, testDriver } from './support/neo4j';
import { restCall } from './support/rest';
import { sharedStack, type SharedStack } from './support/shared-stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const FIELDS = `id scope metadata`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { ${FIELDS} } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { ${FIELDS} } } } }`;
const MEMORY = `query($id: ID!) { memory(id: $id) { ${FIELDS} content } }`;

interface Stored {
  id: string;
  scope: string | null;
  metadata: Record<string, unknown> | null;
}

describe('memory scope and metadata: stored as given, validated, exported', () => {
  let stack: SharedStack;
  let driver: Driver;
  const a = () => stack.tenants[0]!.client;
  const tenantA = () => stack.tenants[0]!.id;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1 });
    driver = testDriver();
    await a().ok(CREATE_AGENT, { id: 'sam' });
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  const metadata = { source: 'chat', turn: 12, reviewed: false, labels: ['work', 'urgent'], origin: { app: 'slack', thread: { id: 't-9' } } };

  it('keeps scope and metadata on encode and answers them on memory(id)', async () => {
    const r = await a().ok<{ encode: Stored }>(ENCODE, { input: { agentId: 'sam', content: 'The release moved to Friday.', scope: 'user:ada', metadata } });
    expect(r.encode.scope).toBe('user:ada');
    expect(r.encode.metadata).toEqual(metadata);
    const again = await a().ok<{ memory: Stored }>(MEMORY, { id: r.encode.id });
    expect(again.memory).toMatchObject({ scope: 'user:ada', metadata });
  });

  it('takes metadata as a literal too, and leaves both null when not given', async () => {
    const literal = await a().ok<{ encode: Stored }>(
      `mutation { encode(input: { agentId: "sam", content: "Lunch with Bo.", metadata: { place: "canteen", guests: [1, 2], nested: { ok: true } } }) { ${FIELDS} } }`,
    );
    expect(literal.encode.metadata).toEqual({ place: 'canteen', guests: [1, 2], nested: { ok: true } });
    const plain = await a().ok<{ encode: Stored }>(ENCODE, { input: { agentId: 'sam', content: 'A plain note.' } });
    expect(plain.encode).toMatchObject({ scope: null, metadata: null });
  });

  it('keeps each batch item’s own scope and metadata', async () => {
    const r = await a().ok<{ encodeBatch: { items: { memory: Stored }[] } }>(ENCODE_BATCH, {
      input: {
        agentId: 'sam',
        items: [
          { content: 'Session one opened.', scope: 'session-1', metadata: { n: 1 } },
          { content: 'Session two opened.', scope: 'session-2' },
        ],
      },
    });
    expect(r.encodeBatch.items.map((i) => [i.memory.scope, i.memory.metadata])).toEqual([
      ['session-1', { n: 1 }],
      ['session-2', null],
    ]);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['metadata that is a list', { metadata: [1, 2] }, /JSONObject must be a JSON object/],
    ['metadata nested five levels', { metadata: { a: { b: { c: { d: { e: 1 } } } } } }, /metadata\.a\.b\.c\.d: nests deeper than 4 levels/],
    ['metadata over 4 KiB', { metadata: { text: 'x'.repeat(5000) } }, /metadata: is \d+ bytes as JSON; the limit is 4096/],
    ['a metadata key with a space', { metadata: { 'my key': 1 } }, /key "my key"/],
    ['a NUL in a metadata string', { metadata: { a: 'x\u0000y' } }, /metadata\.a: must not contain NUL/],
    ['a scope with a space', { scope: 'user ada' }, /scope: must be 1–128 characters/],
    ['an empty scope', { scope: '' }, /scope: must be 1–128 characters/],
  ];
  it.each(bad)('refuses %s with BAD_USER_INPUT and writes nothing', async (_name, extra, message) => {
    const before = await countTenant(driver, tenantA());
    const r = await a().request(ENCODE, { input: { agentId: 'sam', content: 'Never stored.', ...extra } });
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.message).toMatch(message);
    expect(await countTenant(driver, tenantA())).toEqual(before);
  });

  const rest = (path: string, init: { method?: string; body?: string } = {}): Promise<Response> => restCall(stack.url, stack.tenants[0]!.key, path, init);

  it('exports scope and metadata, and an import restores them (and refuses tampered filter pairs)', async () => {
    const exported = await (await rest('/agents/sam/export')).text();
    const imported = await rest('/agents/sam-copy/import', { method: 'POST', body: exported });
    expect(imported.status).toBe(201);
    const copy = await (await rest('/agents/sam-copy/export')).text();
    const memories = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { kind: string; props: { content: string; scope?: string; metadata?: string } })
        .filter((l) => l.kind === 'memory')
        .map((l) => [l.props.content, l.props.scope ?? null, l.props.metadata ? (JSON.parse(l.props.metadata) as unknown) : null]);
    expect(memories(copy)).toEqual(memories(exported));
    expect(memories(copy)).toContainEqual(['The release moved to Friday.', 'user:ada', metadata]);

    const before = await countTenant(driver, tenantA());
    const tampered = exported.replace(/"metadataPairs":\["[^\]]*\]/, '"metadataPairs":["turn\\u001f13"]');
    expect(tampered).not.toBe(exported);
    const refused = await rest('/agents/sam-tampered/import', { method: 'POST', body: tampered });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/metadataPairs must be what its metadata implies/);
    expect(await countTenant(driver, tenantA())).toEqual(before);
  });
});
