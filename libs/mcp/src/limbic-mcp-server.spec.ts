import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LimbicClient, type GraphqlRequest, type GraphqlResponse, type GraphqlTransport } from '@limbic/client';
import { createLimbicMcpServer } from './limbic-mcp-server';
import { feedbackWhenRecorded, RECORD_WAITS_MS } from './tools/feedback-when-recorded';

const agent = (id: string) => ({
  id,
  preset: 'agent',
  createdAt: '2026-01-01T00:00:00.000Z',
  energy: 1,
  affect: { valence: 0, arousal: 0.3, dominance: 0.5 },
  mood: { valence: 0, arousal: 0.3, dominance: 0.5 },
  momentum: { dv: 0, da: 0, dd: 0 },
  goals: [],
  primedConcepts: [],
});

/** Answers each operation by name; records what was asked. */
class FakeTransport implements GraphqlTransport {
  readonly calls: GraphqlRequest[] = [];
  constructor(private readonly answers: Record<string, (vars: Readonly<Record<string, unknown>>) => GraphqlResponse>) {}

  execute(request: GraphqlRequest): Promise<GraphqlResponse> {
    this.calls.push(request);
    const answer = this.answers[request.operationName ?? ''];
    if (!answer) throw new Error(`unexpected ${request.operationName}`);
    return Promise.resolve(answer(request.variables));
  }

  names(): string[] {
    return this.calls.map((c) => c.operationName ?? '');
  }
}

const createAgent = (vars: Readonly<Record<string, unknown>>) => ({ data: { createAgent: agent((vars.input as { id: string }).id) } });

async function connected(transport: FakeTransport, agentId?: string): Promise<Client> {
  const server = createLimbicMcpServer(new LimbicClient({ transport }), { agentId });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'spec', version: '0' });
  await client.connect(b);
  return client;
}

const callTool = async (c: Client, name: string, args: Record<string, unknown>) => (await c.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('Limbic MCP tools', () => {
  it('turns the API error into a tool error carrying code and message', async () => {
    const t = new FakeTransport({ CreateAgent: createAgent, Recall: () => ({ errors: [{ message: 'topK: must be an integer in [1, 100]', extensions: { code: 'BAD_USER_INPUT', field: 'topK' } }] }) });
    const r = await callTool(await connected(t, 'a1'), 'recall', { query: 'q', topK: 1000 });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toBe('BAD_USER_INPUT: topK: must be an integer in [1, 100]');
    expect(r._meta?.['limbic/error']).toEqual({ code: 'BAD_USER_INPUT', message: 'topK: must be an integer in [1, 100]', field: 'topK' });
  });

  it('creates the configured agent once, then uses it; agent_id overrides it', async () => {
    const t = new FakeTransport({ CreateAgent: createAgent, Agent: (v) => ({ data: { agent: agent(v.id as string) } }) });
    const c = await connected(t, 'a1');
    await callTool(c, 'agent_state', {});
    const r = await callTool(c, 'agent_state', {});
    expect(r.structuredContent).toMatchObject({ id: 'a1' });
    expect(textOf(r)).toContain('Agent a1');
    await callTool(c, 'agent_state', { agent_id: 'a2' });
    expect(t.names()).toEqual(['CreateAgent', 'Agent', 'Agent', 'CreateAgent', 'Agent']);
  });

  it('without agent_id and without a configured agent says so, and calls nothing', async () => {
    const t = new FakeTransport({});
    const r = await callTool(await connected(t), 'observe', { text: 'hello' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^BAD_USER_INPUT: agent_id: no agent given and none configured/);
    expect(t.calls).toEqual([]);
  });

  it('input of the wrong type never reaches the API', async () => {
    const t = new FakeTransport({});
    const r = await callTool(await connected(t, 'a1'), 'set_feeling', { valence: 'happy', arousal: 0.5 });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/Input validation error/);
    expect(t.calls).toEqual([]);
  });

  it('recall: ranked lines with score and memory id, and the recallId for feedback', async () => {
    const memory = { id: 'm1', agentId: 'a1', content: 'the key rotates on Tuesday', valence: 0, arousal: 0.3, dominance: 0.5, affectGiven: false, importance: 0.5, tags: [], scope: null, speaker: 'Ada', metadata: null, externalId: null, occurredAt: '2026-01-01T00:00:00.000Z', encodedAt: '2026-01-01T00:00:00.000Z', archived: false, pendingAppraisal: false, accessCount: 0, redirectedFrom: null };
    const t = new FakeTransport({
      CreateAgent: createAgent,
      Recall: () => ({ data: { recall: { recallId: 'r1', queryType: 'factual', weightSource: 'routed', tookMs: 3, energyCut: 0, weights: {}, focus: null, items: [{ rank: 1, pass1Rank: 1, pass2Rank: 1, score: 0.8123, memory, explanation: null }] } } }),
    });
    const r = await callTool(await connected(t, 'a1'), 'recall', { query: 'key' });
    expect(textOf(r)).toMatch(/^1\. \[0\.812\] m1 .*the key rotates on Tuesday/);
    expect(textOf(r)).toContain('recallId r1');
    expect(r.structuredContent).toMatchObject({ recallId: 'r1', items: [{ rank: 1, memory: { id: 'm1' } }] });
  });
});

describe('feedbackWhenRecorded', () => {
  const notYet = { errors: [{ message: 'recall r1 not found', extensions: { code: 'NOT_FOUND' } }] };
  const applied = { data: { feedback: { agentId: 'a1', applied: true, queryType: 'factual' } } };

  it('asks again while the recall is not recorded yet', async () => {
    let n = 0;
    const t = new FakeTransport({ Feedback: () => (++n < 3 ? notYet : applied) });
    const waits: number[] = [];
    const r = await feedbackWhenRecorded(new LimbicClient({ transport: t }), { recallId: 'r1', memoryId: 'm1', signal: 'USED' }, (ms) => (waits.push(ms), Promise.resolve()));
    expect(r.applied).toBe(true);
    expect(waits).toEqual(RECORD_WAITS_MS.slice(0, 2));
  });

  it('gives up with NOT_FOUND after the last wait, and never retries another error', async () => {
    const never = new FakeTransport({ Feedback: () => notYet });
    await expect(feedbackWhenRecorded(new LimbicClient({ transport: never }), { recallId: 'r1', memoryId: 'm1' }, () => Promise.resolve())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(never.calls).toHaveLength(RECORD_WAITS_MS.length + 1);
    const bad = new FakeTransport({ Feedback: () => ({ errors: [{ message: 'memoryId: not returned', extensions: { code: 'BAD_USER_INPUT' } }] }) });
    await expect(feedbackWhenRecorded(new LimbicClient({ transport: bad }), { recallId: 'r1', memoryId: 'm1' }, () => Promise.resolve())).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(bad.calls).toHaveLength(1);
  });
});
