import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findCypherDir } from './cypher-dir';
import { MEMORY_ROW, parseMemoryRow } from './memory-row';
import { QUERY_NAMES } from './query-names';
import { QueryRegistry } from './query-registry';

const QUERIES = [
  'recall.prelude',
  'recall.candidates',
  'spread.activate',
  'vector.agent-nearest',
  'vector.agent-nearest-exact',
  'vector.agent-nearest-filtered',
  'vector.agent-nearest-scoped',
] as const;

describe('memory rows', () => {
  const dir = join(findCypherDir(), 'queries');
  const registry = QueryRegistry.load(dir, QUERY_NAMES);

  it.each(QUERIES)('%s projects exactly MEMORY_ROW, in its order, through {{memory-row}}', (name) => {
    const file = readFileSync(join(dir, `${name}.cypher`), 'utf8');
    expect(file).toContain('{{memory-row}}');
    expect(file).not.toMatch(/\[m\.id, m\.tenantId/);
    const lists = [...registry.get(name).matchAll(/\[m\.id, m\.tenantId[^\]]*\]/g)].map((m) => m[0]);
    expect(lists).toHaveLength(1);
    const columns = lists[0]!
      .slice(1, -1)
      .split(',')
      .map((c) => c.trim().replace(/^m\./, '').replace(/\.epochMillis$/, ''));
    expect(columns).toEqual([...MEMORY_ROW]);
  });

  it('sends times as epoch millis and nothing else converted', () => {
    const row = registry.get('recall.candidates').match(/\[m\.id, m\.tenantId[^\]]*\]/)?.[0] ?? '';
    expect(row.match(/m\.\w+\.epochMillis/g)).toEqual(['m.occurredAt.epochMillis', 'm.encodedAt.epochMillis', 'm.lastAccessedAt.epochMillis', 'm.sessionStartedAt.epochMillis']);
  });

  it('reads a row by column, with defaults for fields older memories lack', () => {
    const row = MEMORY_ROW.map((c) => (c === 'id' ? 'm1' : c === 'content' ? 'hello' : c === 'tags' ? ['x'] : c === 'lastAccessedAt' ? 42 : null));
    const parsed = parseMemoryRow(row);
    expect(parsed.memory).toMatchObject({ id: 'm1', content: 'hello', tags: ['x'], dominance: 0.5, importance: 0.5, externalId: null, archived: false });
    expect(parsed).toMatchObject({ moodAtEncoding: null, consolidation: null, lastAccessedAt: 42 });
  });
});
