// A memory's speaker (issue 18): stored as encode was given it, validated, exported and
// imported, and a recall whose query names the speaker ranks that speaker's memories above
// the reply beside them, through the real API and Neo4j.
import type { Driver } from 'neo4j-driver';
import { countTenant, testDriver } from './support/neo4j';
import { restCall } from './support/rest';
import { sharedStack, type SharedStack } from './support/shared-stack';

const CREATE_AGENT = `mutation($id: ID!) { createAgent(input: { id: $id }) { id } }`;
const ENCODE = `mutation($input: EncodeInput!) { encode(input: $input) { id speaker } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id speaker } } } }`;
const MEMORY = `query($id: ID!) { memory(id: $id) { id speaker } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { weights { speaker } items { rank score memory { id speaker } explanation { signals { speaker } weighted { speaker } } } } }`;

interface Item {
  rank: number;
  memory: { id: string; speaker: string | null };
  explanation: { signals: { speaker: number }; weighted: { speaker: number } };
}

describe('speaker: who said a memory', () => {
  let stack: SharedStack;
  let driver: Driver;
  const a = () => stack.tenants[0]!.client;
  const tenantA = () => stack.tenants[0]!.id;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1 });
    driver = testDriver();
    await a().ok(CREATE_AGENT, { id: 'duo' });
  });
  afterAll(async () => {
    await stack?.stop();
    await driver?.close();
  });

  let answerId = '';
  let replyId = '';

  it('keeps the speaker as given (trimmed) on encode and encodeBatch, null when not given', async () => {
    const r = await a().ok<{ encode: { id: string; speaker: string | null } }>(ENCODE, {
      input: { agentId: 'duo', content: 'Caroline: I went to the LGBTQ support group yesterday after work.', speaker: '  Caroline ', occurredAt: '2026-05-08T13:56:00Z' },
    });
    expect(r.encode.speaker).toBe('Caroline');
    answerId = r.encode.id;
    const batch = await a().ok<{ encodeBatch: { items: { memory: { id: string; speaker: string | null } }[] } }>(ENCODE_BATCH, {
      input: {
        agentId: 'duo',
        items: [
          // The reply repeats the question's words: without the speaker it is the better match.
          { content: 'Melanie: Caroline went to the LGBTQ support group!', speaker: 'Melanie', occurredAt: '2026-05-08T13:57:00Z' },
          { content: 'A note about the garden fence.', occurredAt: '2026-05-08T14:30:00Z' },
        ],
      },
    });
    expect(batch.encodeBatch.items.map((i) => i.memory.speaker)).toEqual(['Melanie', null]);
    replyId = batch.encodeBatch.items[0]!.memory.id;
    const again = await a().ok<{ memory: { speaker: string | null } }>(MEMORY, { id: answerId });
    expect(again.memory.speaker).toBe('Caroline');
  });

  it('a query that names the speaker ranks the speaker’s memory above the reply beside it', async () => {
    const query = 'When did Caroline go to the LGBTQ support group?';
    const now = '2026-05-09T10:00:00Z';
    const named = await a().ok<{ recall: { weights: { speaker: number }; items: Item[] } }>(RECALL, { input: { agentId: 'duo', query, now, explain: true } });
    expect(named.recall.weights.speaker).toBeGreaterThan(0);

    const rank = (items: Item[], id: string) => items.find((i) => i.memory.id === id)?.rank ?? Infinity;
    const signal = (items: Item[], id: string) => items.find((i) => i.memory.id === id)?.explanation.signals.speaker;
    expect(signal(named.recall.items, answerId)).toBe(1);
    expect(signal(named.recall.items, replyId)).toBe(0);
    expect(rank(named.recall.items, answerId)).toBeLessThan(rank(named.recall.items, replyId));

    // The same weights without the speaker's: the reply wins, so the order above is the signal's doing.
    const weights = { semantic: 0.2, lexical: 0.2, resonance: 0.4, recency: 0.02, importance: 0.02, moodCongruence: 0.01, affectProximity: 0.01, goalRelevance: 0.01, priming: 0.01 };
    const without = await a().ok<{ recall: { items: Item[] } }>(RECALL, { input: { agentId: 'duo', query, now, explain: true, weights } });
    expect(rank(without.recall.items, replyId)).toBeLessThan(rank(without.recall.items, answerId));

    // A query naming no speaker gives every memory 0.
    const unnamed = await a().ok<{ recall: { items: Item[] } }>(RECALL, { input: { agentId: 'duo', query: 'the support group', now, explain: true } });
    expect(unnamed.recall.items.length).toBeGreaterThan(0);
    expect(unnamed.recall.items.every((i) => i.explanation.signals.speaker === 0 && i.explanation.weighted.speaker === 0)).toBe(true);
  });

  const bad: [string, unknown, RegExp][] = [
    ['an empty speaker', '   ', /speaker: must be 1–64 characters/],
    ['a speaker over 64 characters', 'x'.repeat(65), /speaker: must be 1–64 characters/],
    ['a speaker of punctuation only', '?!', /speaker: must contain a letter or digit/],
    ['a NUL in a speaker', 'Ada\u0000', /speaker: must not contain NUL/],
  ];
  it.each(bad)('refuses %s with BAD_USER_INPUT and writes nothing (encode and encodeBatch)', async (_name, speaker, message) => {
    const before = await countTenant(driver, tenantA());
    const one = await a().request(ENCODE, { input: { agentId: 'duo', content: 'Never stored.', speaker } });
    expect(one.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(one.errors?.[0]?.message).toMatch(message);
    const batch = await a().request(ENCODE_BATCH, { input: { agentId: 'duo', items: [{ content: 'Never stored either.' }, { content: 'Nor this.', speaker }] } });
    expect(batch.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(batch.errors?.[0]?.message).toMatch(/items\[1\]\.speaker/);
    expect(await countTenant(driver, tenantA())).toEqual(before);
  });

  it('updateMemory corrects the speaker or removes it, as a revision, and recall follows', async () => {
    const UPDATE = `mutation($id: ID!, $patch: MemoryPatchInput!) { updateMemory(id: $id, patch: $patch) { id speaker revisions { fields before after } } }`;
    type Updated = { updateMemory: { speaker: string | null; revisions: { fields: string[]; before: Record<string, unknown>; after: Record<string, unknown> }[] } };
    const moved = await a().ok<Updated>(UPDATE, { id: replyId, patch: { speaker: 'Caroline' } });
    expect(moved.updateMemory.speaker).toBe('Caroline');
    expect(moved.updateMemory.revisions[0]).toEqual({ fields: ['speaker'], before: { speaker: 'Melanie' }, after: { speaker: 'Caroline' } });
    const query = 'When did Caroline go to the LGBTQ support group?';
    const both = await a().ok<{ recall: { items: Item[] } }>(RECALL, { input: { agentId: 'duo', query, now: '2026-05-09T10:00:00Z', explain: true } });
    expect(both.recall.items.find((i) => i.memory.id === replyId)?.explanation.signals.speaker).toBe(1);

    const removed = await a().ok<Updated>(UPDATE, { id: replyId, patch: { speaker: null } });
    expect(removed.updateMemory.speaker).toBeNull();
    expect(removed.updateMemory.revisions[0]).toEqual({ fields: ['speaker'], before: { speaker: 'Caroline' }, after: { speaker: null } });
    const bad = await a().request(UPDATE, { id: replyId, patch: { speaker: '!!' } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const back = await a().ok<Updated>(UPDATE, { id: replyId, patch: { speaker: 'Melanie' } });
    expect(back.updateMemory.speaker).toBe('Melanie');
  });

  it('exports the speaker and an import restores it', async () => {
    const rest = (path: string, init: { method?: string; body?: string } = {}) => restCall(stack.url, stack.tenants[0]!.key, path, init);
    const exported = await (await rest('/agents/duo/export')).text();
    const imported = await rest('/agents/duo-copy/import', { method: 'POST', body: exported });
    expect(imported.status).toBe(201);
    const copy = await (await rest('/agents/duo-copy/export')).text();
    const speakers = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { kind: string; props: { content: string; speaker?: string } })
        .filter((l) => l.kind === 'memory')
        .map((l) => [l.props.content, l.props.speaker ?? null])
        .sort();
    expect(speakers(copy)).toEqual(speakers(exported));
    expect(speakers(copy)).toContainEqual(['Caroline: I went to the LGBTQ support group yesterday after work.', 'Caroline']);
  });
});
