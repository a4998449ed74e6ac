import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { GraphqlClient } from './graphql-client';

export const TOOL_NAMES = ['agent_state', 'feedback', 'forget', 'observe', 'recall', 'remember', 'set_feeling', 'set_goals'];

export interface ToolCall {
  readonly result: CallToolResult;
  readonly text: string;
  /** structuredContent of a success; the `limbic/error` {code, message} of a Limbic error. */
  readonly data: Record<string, unknown>;
}

export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolCall> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  const data = (result.isError ? result._meta?.['limbic/error'] : result.structuredContent) as Record<string, unknown> | undefined;
  return { result, text, data: data ?? {} };
}

/** A call that must succeed: its structured content. */
export async function ok<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown>): Promise<T & { _text: string }> {
  const r = await call(client, name, args);
  if (r.result.isError) throw new Error(`${name} failed: ${r.text}`);
  return { ...(r.data as T), _text: r.text };
}

/** A call that must fail as a Limbic tool error: its text and {code, message}. */
export async function toolError(client: Client, name: string, args: Record<string, unknown>): Promise<{ text: string; code: unknown; message: unknown }> {
  const r = await call(client, name, args);
  if (!r.result.isError) throw new Error(`${name} succeeded, expected an error: ${r.text}`);
  return { text: r.text, code: r.data.code, message: r.data.message };
}

export async function readJson(client: Client, uri: string): Promise<Record<string, unknown>> {
  const r = await client.readResource({ uri });
  const first = r.contents[0];
  if (!first || !('text' in first)) throw new Error(`${uri}: no text content`);
  expect(first.mimeType).toBe('application/json');
  return JSON.parse(first.text) as Record<string, unknown>;
}

/** What the store holds for an agent, asked over GraphQL, not through MCP. */
export async function memoryCount(gql: GraphqlClient, agentId: string): Promise<number> {
  const d = await gql.ok<{ memories: { totalCount: number } }>(`query($a: ID!) { memories(agentId: $a, first: 1) { totalCount } }`, { a: agentId });
  return d.memories.totalCount;
}

export async function affectOf(gql: GraphqlClient, agentId: string): Promise<{ valence: number; arousal: number; dominance: number }> {
  const d = await gql.ok<{ agent: { affect: { valence: number; arousal: number; dominance: number } } }>(`query($a: ID!) { agent(id: $a) { affect { valence arousal dominance } } }`, { a: agentId });
  return d.agent.affect;
}

interface RecallOut {
  recallId: string;
  items: { rank: number; score: number; memory: { id: string; content: string }; contributions?: Record<string, number> }[];
}
interface AgentOut {
  id: string;
  affect: { valence: number; arousal: number; dominance: number };
  goals: { name: string; priority: number }[];
}

/**
 * The behaviour both transports must show, against the real stack. `connect` opens a client
 * whose default agent is `agentId`; `gql` is the same tenant over plain GraphQL, to check what
 * was (or was not) written.
 */
export function describeMcpTools(env: () => { client: Client; agentId: string; gql: GraphqlClient }): void {
  it('lists the eight tools, each with a description for the model and an input schema taking agent_id', async () => {
    const { client } = env();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    for (const t of tools) {
      expect(t.description?.length ?? 0).toBeGreaterThan(80);
      expect(t.inputSchema.type).toBe('object');
      expect(Object.keys(t.inputSchema.properties ?? {})).toContain('agent_id');
    }
    const recall = tools.find((t) => t.name === 'recall')!;
    expect(recall.inputSchema.required).toEqual(['query']);
    expect(Object.keys(recall.outputSchema?.properties ?? {})).toEqual(expect.arrayContaining(['recallId', 'items']));
  });

  it('remember then recall finds the memory (its id in the result and the text), and feedback on that recall applies once', async () => {
    const { client, agentId } = env();
    const remembered = await ok<{ memory: { id: string; agentId: string; tags: string[] } }>(client, 'remember', {
      content: 'The staging deploy key rotates every Tuesday at 09:00 UTC; Priya owns the rotation.',
      tags: ['ops'],
      importance: 0.8,
    });
    expect(remembered.memory.agentId).toBe(agentId);
    expect(remembered.memory.tags).toEqual(['ops']);
    await ok(client, 'remember', { content: 'Lunch on Friday was a mushroom risotto.' });

    const recalled = await ok<RecallOut>(client, 'recall', { query: 'when does the staging deploy key rotate?', topK: 5, explain: true });
    const hit = recalled.items.find((i) => i.memory.id === remembered.memory.id);
    expect(hit).toBeDefined();
    expect(recalled.items[0]!.memory.id).toBe(remembered.memory.id);
    expect(hit!.contributions).toBeDefined();
    expect(recalled._text).toContain(remembered.memory.id);
    expect(recalled._text).toContain(recalled.recallId);

    const first = await ok<{ applied: boolean }>(client, 'feedback', { recallId: recalled.recallId, memoryId: remembered.memory.id, signal: 'USED' });
    expect(first.applied).toBe(true);
    // Applied means stored: the same feedback again finds it there and changes nothing.
    const again = await ok<{ applied: boolean }>(client, 'feedback', { recallId: recalled.recallId, memoryId: remembered.memory.id, signal: 'USED' });
    expect(again.applied).toBe(false);
  });

  it('set_feeling and observe move the state agent_state reads; set_goals replaces the goals', async () => {
    const { client, agentId, gql } = env();
    const set = await ok<AgentOut>(client, 'set_feeling', { valence: 0.8, arousal: 0.7, dominance: 0.6 });
    expect(set.affect.valence).toBeCloseTo(0.8, 5);
    expect((await affectOf(gql, agentId)).valence).toBeCloseTo(0.8, 5);
    const observed = await ok<AgentOut>(client, 'observe', { text: 'Disaster: the production database was wiped, every backup is corrupt and customers are furious.' });
    expect(observed.affect.valence).toBeLessThan(0.8);
    const state = await ok<AgentOut>(client, 'agent_state', {});
    expect(state.id).toBe(agentId);
    expect(state.affect.valence).toBeCloseTo(observed.affect.valence, 5);
    expect(state._text).toContain('mood:');
    const goals = await ok<AgentOut>(client, 'set_goals', { goals: [{ name: 'restore the database', priority: 0.9 }, { name: 'calm the customers' }] });
    expect(goals.goals.map((g) => [g.name, g.priority]).sort()).toEqual([
      ['calm the customers', 0.5],
      ['restore the database', 0.9],
    ]);
  });

  it('reads the agent state and a memory as JSON resources', async () => {
    const { client, agentId } = env();
    const { memory } = await ok<{ memory: { id: string } }>(client, 'remember', { content: 'The office plant is called Fernando.' });
    const m = await readJson(client, `limbic://memories/${memory.id}`);
    expect(m).toMatchObject({ id: memory.id, agentId, content: 'The office plant is called Fernando.' });
    const s = await readJson(client, `limbic://agents/${agentId}/state`);
    expect(s).toMatchObject({ id: agentId, affect: expect.objectContaining({ valence: expect.any(Number) }) });
    // Listed: the configured agent's state only (a tenant may hold thousands of agents).
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([`limbic://agents/${agentId}/state`]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['limbic://agents/{agentId}/state', 'limbic://memories/{memoryId}']);
  });

  it('bad input comes back as a BAD_USER_INPUT tool error and writes nothing', async () => {
    const { client, agentId, gql } = env();
    await ok(client, 'set_feeling', { valence: 0.1, arousal: 0.2 });
    const before = { memories: await memoryCount(gql, agentId), affect: await affectOf(gql, agentId) };

    const topK = await toolError(client, 'recall', { query: 'anything', topK: 1000 });
    expect(topK.code).toBe('BAD_USER_INPUT');
    expect(topK.text).toMatch(/^BAD_USER_INPUT: .*topK/);
    const valence = await toolError(client, 'set_feeling', { valence: 5, arousal: 0.5 });
    expect(valence.code).toBe('BAD_USER_INPUT');
    expect(valence.text).toMatch(/^BAD_USER_INPUT: .*valence/);
    const remember = await toolError(client, 'remember', { content: 'too happy to be true', affect: { valence: 5, arousal: 0.5 } });
    expect(remember.code).toBe('BAD_USER_INPUT');

    expect(await memoryCount(gql, agentId)).toBe(before.memories);
    expect(await affectOf(gql, agentId)).toEqual(before.affect);
  });

  it('input of the wrong type is refused by the schema before any call', async () => {
    const { client, agentId, gql } = env();
    const before = await memoryCount(gql, agentId);
    const r = await call(client, 'remember', { content: 42 });
    expect(r.result.isError).toBe(true);
    expect(r.text).toMatch(/Input validation error/);
    expect(await memoryCount(gql, agentId)).toBe(before);
  });

  it('an unknown memory is NOT_FOUND, as a tool error and as a resource error', async () => {
    const { client } = env();
    const forget = await toolError(client, 'forget', { memoryId: 'no-such-memory' });
    expect(forget.code).toBe('NOT_FOUND');
    expect(forget.text).toMatch(/^NOT_FOUND: /);
    await expect(client.readResource({ uri: 'limbic://memories/no-such-memory' })).rejects.toMatchObject({ code: -32002, message: expect.stringContaining('NOT_FOUND') });
  });

  it('forget archives a memory: recall no longer returns it', async () => {
    const { client } = env();
    const { memory } = await ok<{ memory: { id: string } }>(client, 'remember', { content: 'The wifi password of the lab is heron-42.' });
    const forgot = await ok<{ mode: string }>(client, 'forget', { memoryId: memory.id });
    expect(forgot.mode).toBe('ARCHIVED');
    const recalled = await ok<RecallOut>(client, 'recall', { query: 'lab wifi password heron' });
    expect(recalled.items.map((i) => i.memory.id)).not.toContain(memory.id);
  });

  it('agent_id names another agent, created on first use', async () => {
    const { client, agentId } = env();
    const other = `${agentId}-other`;
    const { memory } = await ok<{ memory: { agentId: string } }>(client, 'remember', { agent_id: other, content: 'Only the other agent knows this.' });
    expect(memory.agentId).toBe(other);
    const state = await ok<AgentOut>(client, 'agent_state', { agent_id: other });
    expect(state.id).toBe(other);
  });
}
