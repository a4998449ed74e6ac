import { ApiError } from '../../common/api-error';
import { parseExport } from './export-parser';

const limits = { embeddingDimension: 2, maxContentBytes: 100, maxMemories: 3 };
const agent = { kind: 'agent', format: 'limbic.agent-export', version: 1, props: { id: 'ada' }, types: {} };
const memory = (id: string, extra: Record<string, unknown> = {}) => ({
  kind: 'memory',
  props: { id, content: `memory ${id}`, embedding: [0.1, 0.2], occurredAt: '2024-01-01T00:00:00.000Z', accessCount: 2, ...extra },
  types: { occurredAt: 'datetime', accessCount: 'int' },
});
const edge = (type: string, from: object, to: object) => ({ kind: 'edge', type, from, to, props: { weight: 0.5 }, types: {} });
const file = (...records: object[]) => records.map((r) => JSON.stringify(r)).join('\n');

function rejection(text: string): string {
  try {
    parseExport(text, limits);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('BAD_USER_INPUT');
    return (err as ApiError).message;
  }
  throw new Error('expected a rejection');
}

describe('parseExport', () => {
  it('reads a valid export', () => {
    const parsed = parseExport(
      file(
        agent,
        { kind: 'concept', props: { name: 'work' }, types: {} },
        memory('m1'),
        memory('m2', { externalId: 'x', speaker: 'Caroline' }),
        edge('SEMANTIC', { label: 'Memory', id: 'm1' }, { label: 'Memory', id: 'm2' }),
        edge('TAGGED', { label: 'Memory', id: 'm1' }, { label: 'Concept', name: 'work' }),
      ) + '\n',
      limits,
    );
    expect(parsed.memories.map((m) => m.key)).toEqual(['m1', 'm2']);
    expect(parsed.memories[0]?.types).toEqual({ occurredAt: 'datetime', accessCount: 'int' });
    expect(parsed.edges).toHaveLength(2);
  });

  it.each([
    ['a missing agent line', file(memory('m1')), /line 1: the first line must be the agent record/],
    ['an embedding of the wrong size', file(agent, memory('m1', { embedding: [1, 2, 3] })), /line 2: embedding has 3 dimensions/],
    ['an int hint on a float', file(agent, { ...memory('m1', { accessCount: 1.5 }) }), /accessCount is not a valid int/],
    ['a hint for a missing property', file(agent, { ...memory('m1'), types: { occurredAt: 'datetime', ghost: 'int' } }), /types names ghost/],
    ['a mixed list', file(agent, memory('m1', { tags: ['a', 1] })), /list of values of one type/],
    ['a nested object', file(agent, memory('m1', { meta: { a: 1 } })), /string, number, boolean or a list/],
    ['a bad property name', file(agent, memory('m1', { 'bad key': 1 })), /property name/],
    ['duplicate externalIds', file(agent, memory('m1', { externalId: 'x' }), memory('m2', { externalId: 'x' })), /externalId x appears twice/],
    ['too many memories', file(agent, memory('a'), memory('b'), memory('c'), memory('d')), /at most 3 memories/],
    ['content over the limit', file(agent, memory('m1', { content: 'x'.repeat(101) })), /101 bytes/],
    ['a PURSUES edge to a memory', file(agent, memory('m1'), edge('PURSUES', { label: 'Agent' }, { label: 'Memory', id: 'm1' })), /runs from Agent to Goal/],
    ['a second agent', file(agent, agent), /second agent/],
    ['a speaker that is not a string', file(agent, memory('m1', { speaker: 7 })), /line 2: memory speaker: must be 1–64 characters/],
    ['a speaker of punctuation only', file(agent, memory('m1', { speaker: '--' })), /memory speaker: must contain a letter or digit/],
    ['a speaker not stored trimmed', file(agent, memory('m1', { speaker: ' Ada ' })), /speaker must be stored trimmed/],
  ])('rejects %s', (_name, text, message) => {
    expect(rejection(text)).toMatch(message);
  });
});
