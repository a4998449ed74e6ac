// The query's words in a memory's episode (issue 18): a reply that shares no word with the
// question is credited with the words said just before it, through the real API and Neo4j.
// The window stops at an idle gap longer than the agent's session gap, and only live memories
// that pass the recall's filter lend their words.
import { sharedStack, type SharedStack } from './support/shared-stack';

const CREATE_AGENT = `mutation($input: CreateAgentInput!) { createAgent(input: $input) { id } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id } } } }`;
const FORGET = `mutation($id: ID!) { forget(memoryId: $id) { mode } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { weights { episodeLexical } items { rank score memory { id } explanation { signals { lexical episodeLexical } } } } }`;

interface Item {
  rank: number;
  score: number;
  memory: { id: string };
  explanation: { signals: { lexical: number; episodeLexical: number } };
}

const at = (minutes: number) => new Date(Date.UTC(2026, 4, 2, 9, 0) + minutes * 60_000).toISOString();

describe('episodeLexical: the words around a memory', () => {
  let stack: SharedStack;
  const a = () => stack.tenants[0]!.client;
  const b = () => stack.tenants[1]!.client;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 2 });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function encode(client: () => SharedStack['tenants'][number]['client'], agentId: string, items: object[]): Promise<string[]> {
    const r = await client().ok<{ encodeBatch: { items: { memory: { id: string } }[] } }>(ENCODE_BATCH, { input: { agentId, now: at(600), items } });
    return r.encodeBatch.items.map((i) => i.memory.id);
  }
  const recall = async (agentId: string, query: string, extra: object = {}) =>
    (await a().ok<{ recall: { weights: { episodeLexical: number }; items: Item[] } }>(RECALL, { input: { agentId, query, now: at(700), explain: true, topK: 20, ...extra } })).recall;
  const signals = (items: Item[], id: string | undefined) => items.find((i) => i.memory.id === id)?.explanation.signals;

  it('credits the reply with the question before it; not across an idle gap; not from an archived or filtered-out memory', async () => {
    await a().ok(CREATE_AGENT, { input: { id: 'walker' } });
    const [, lonely, shoes, reply, after, , lateReply] = await encode(a, 'walker', [
      { content: 'Melanie: The garden needs watering again.', occurredAt: at(-180), scope: 'chat' },
      { content: 'Melanie: Planted tomatoes and basil by the fence.', occurredAt: at(-179), scope: 'chat' },
      // Three hours later (the session gap is 30 minutes): a new episode, whose first words the
      // garden's last memory, its neighbour on the timeline, must not get.
      { content: 'Caroline: Nice new sneakers! What are they for?', occurredAt: at(0), scope: 'chat' },
      { content: 'Melanie: Mostly running, on the trail by the lake.', occurredAt: at(1), scope: 'chat' },
      { content: 'Caroline: Sounds lovely, I should join you some time.', occurredAt: at(2), scope: 'chat' },
      // The next morning: the reply's question is in another scope.
      { content: 'Caroline: Where did you buy those new sneakers?', occurredAt: at(1440), scope: 'other' },
      { content: 'Melanie: At the little shop near the station.', occurredAt: at(1441), scope: 'chat' },
    ]);
    const answer = await recall('walker', 'What are the new sneakers for?');
    expect(answer.weights.episodeLexical).toBeGreaterThan(0);
    const replySignals = signals(answer.items, reply);
    expect(replySignals?.lexical).toBe(0);
    expect(replySignals?.episodeLexical).toBeGreaterThan(0);
    // The question holds the words itself.
    expect(signals(answer.items, shoes)?.episodeLexical).toBeGreaterThan(0);
    // By words alone the reply scores nothing; with its episode's words it outranks the garden.
    const rank = (items: Item[], id: string | undefined) => items.find((i) => i.memory.id === id)?.rank ?? Infinity;
    const words = await recall('walker', 'What are the new sneakers for?', { weights: { lexical: 1 } });
    const withEpisode = await recall('walker', 'What are the new sneakers for?', { weights: { lexical: 0.5, episodeLexical: 0.5 } });
    expect(words.items.find((i) => i.memory.id === reply)?.score ?? 0).toBe(0);
    expect(withEpisode.items.find((i) => i.memory.id === reply)?.score).toBeGreaterThan(0);
    expect(rank(withEpisode.items, reply)).toBeLessThan(rank(withEpisode.items, lonely));
    expect(rank(withEpisode.items, after)).toBeLessThan(rank(withEpisode.items, lonely));
    // Across the three-hour gap no word of the sneakers' episode reaches the garden.
    expect(signals(answer.items, lonely)?.episodeLexical ?? 0).toBe(0);

    // Filtered to the "chat" scope, the late reply's question (scope "other") lends nothing.
    const scoped = await recall('walker', 'Where did she buy the new sneakers?', { filter: { scope: 'chat' } });
    expect(signals(scoped.items, lateReply)?.episodeLexical ?? 0).toBe(0);
    const unscoped = await recall('walker', 'Where did she buy the new sneakers?');
    expect(signals(unscoped.items, lateReply)?.episodeLexical).toBeGreaterThan(0);

    // Archived, the question no longer lends its words to the reply.
    await a().ok(FORGET, { id: shoes });
    const archived = await recall('walker', 'What are the new sneakers for?');
    expect(signals(archived.items, reply)?.episodeLexical ?? 0).toBe(0);
  });

  it('never reads another tenant’s memories, even of an agent with the same id', async () => {
    await a().ok(CREATE_AGENT, { input: { id: 'twin' } });
    await b().ok(CREATE_AGENT, { input: { id: 'twin' } });
    const [reply] = await encode(a, 'twin', [{ content: 'Melanie: Mostly running, on the trail.', occurredAt: at(1) }]);
    await encode(b, 'twin', [
      { content: 'Caroline: Nice new sneakers! What are they for?', occurredAt: at(0) },
      { content: 'Caroline: Sneakers, sneakers, sneakers.', occurredAt: at(2) },
    ]);
    const answer = await recall('twin', 'What are the new sneakers for?');
    expect(answer.items.map((i) => i.memory.id)).toEqual([reply]);
    expect(signals(answer.items, reply)?.episodeLexical).toBe(0);
  });
});
