// A time the query names (issue 18): "what did I cook on March 3, 2026?" lifts what happened
// that day in the agent's own calendar, through the real API and Neo4j.
import { sharedStack, type SharedStack } from './support/shared-stack';

const CREATE_AGENT = `mutation($input: CreateAgentInput!) { createAgent(input: $input) { id timeZone } }`;
const ENCODE_BATCH = `mutation($input: EncodeBatchInput!) { encodeBatch(input: $input) { items { memory { id occurredAt } } } }`;
const RECALL = `query($input: RecallInput!) { recall(input: $input) { weights { namedTime } items { rank memory { id } explanation { signals { namedTime } } } } }`;

interface Item {
  rank: number;
  memory: { id: string };
  explanation: { signals: { namedTime: number } };
}

describe('named time: a date in the query', () => {
  let stack: SharedStack;
  const a = () => stack.tenants[0]!.client;

  beforeAll(async () => {
    stack = await sharedStack({ tenants: 1 });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('ranks what happened on the named day (the agent’s day) first; without the date, the newer', async () => {
    // Auckland is UTC+13 in March: 12:00 UTC on March 1 is 01:00 on March 2 there, within a day
    // of March 3 (a named day takes the day either side); in UTC it would be two days off.
    const agent = await a().ok<{ createAgent: { timeZone: string } }>(CREATE_AGENT, { input: { id: 'cook', timeZone: 'Pacific/Auckland' } });
    expect(agent.createAgent.timeZone).toBe('Pacific/Auckland');
    const text = 'Cooked a lentil curry with coconut milk for dinner.';
    const batch = await a().ok<{ encodeBatch: { items: { memory: { id: string } }[] } }>(ENCODE_BATCH, {
      input: {
        agentId: 'cook',
        now: '2026-06-01T10:00:00Z',
        items: [
          { content: text, occurredAt: '2026-03-01T12:00:00Z', importance: 0.5 },
          { content: text, occurredAt: '2026-05-20T20:00:00Z', importance: 0.5 },
          { content: 'Walked along the harbour after lunch.', occurredAt: '2026-03-02T23:00:00Z', importance: 0.5 },
        ],
      },
    });
    const [march, may] = batch.encodeBatch.items.map((i) => i.memory.id);
    const recall = async (query: string) =>
      (await a().ok<{ recall: { weights: { namedTime: number }; items: Item[] } }>(RECALL, { input: { agentId: 'cook', query, now: '2026-06-01T12:00:00Z', explain: true } })).recall;
    const signalOf = (items: Item[], id: string | undefined) => items.find((i) => i.memory.id === id)?.explanation.signals.namedTime;

    const dated = await recall('What did I cook on March 3, 2026?');
    expect(dated.weights.namedTime).toBeGreaterThan(0);
    expect(dated.items[0]!.memory.id).toBe(march);
    expect(signalOf(dated.items, march)).toBe(1);
    expect(signalOf(dated.items, may)).toBe(0);

    const month = await recall('What did I cook in May?');
    expect(month.items[0]!.memory.id).toBe(may);
    expect(signalOf(month.items, may)).toBe(1);

    // No time named: every memory 0, and the same text ranks the newer first (recency).
    const undated = await recall('What did I cook?');
    expect(undated.items.every((i) => i.explanation.signals.namedTime === 0)).toBe(true);
    expect(undated.items[0]!.memory.id).toBe(may);
  });
});
