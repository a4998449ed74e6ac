import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findCypherDir } from './cypher-dir';
import { MEMORY_ROW, parseMemoryRow } from './memory-row';

const QUERIES = ['recall.prelude', 'recall.candidates', 'spread.activate', 'vector.agent-nearest', 'vector.agent-nearest-exact'];

describe('memory rows', () => {
  it.each(QUERIES)('%s projects exactly MEMORY_ROW, in its order', (name) => {
    const text = readFileSync(join(findCypherDir(), 'queries', `${name}.cypher`), 'utf8');
    const lists = [...text.matchAll(/\[m\.id, m\.tenantId[^\]]*\]/g)].map((m) => m[0]);
    expect(lists).toHaveLength(1);
    const columns = lists[0]!
      .slice(1, -1)
      .split(',')
      .map((c) => c.trim().replace(/^m\./, '').replace(/\.epochMillis$/, ''));
    expect(columns).toEqual([...MEMORY_ROW]);
  });

  it('reads a row by column, with defaults for fields older memories lack', () => {
    const row = MEMORY_ROW.map((c) => (c === 'id' ? 'm1' : c === 'content' ? 'hello' : c === 'tags' ? ['x'] : c === 'lastAccessedAt' ? 42 : null));
    const parsed = parseMemoryRow(row);
    expect(parsed.memory).toMatchObject({ id: 'm1', content: 'hello', tags: ['x'], dominance: 0.5, importance: 0.5, externalId: null, archived: false });
    expect(parsed).toMatchObject({ moodAtEncoding: null, consolidation: null, lastAccessedAt: 42 });
  });
});
