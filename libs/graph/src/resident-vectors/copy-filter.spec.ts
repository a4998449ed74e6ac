import { NO_FILTER, type MemoryFilter } from '../memory-filter';
import { CopyFilterBuilder, copyFilter } from './copy-filter';

interface Row {
  occurredAt: number;
  scope: string | null;
  tags: string[] | null;
  metadataPairs: string[] | null;
}

/** memoryFilterCypher's conditions, written out over a plain row (null lists and scopes fail any condition on them). */
function cypherDecides(row: Row, f: MemoryFilter): boolean {
  const tags = row.tags ?? [];
  const pairs = row.metadataPairs ?? [];
  return (
    (f.scope === null || row.scope === f.scope) &&
    (f.tagsAny.length === 0 || f.tagsAny.some((t) => tags.includes(t))) &&
    f.tagsAll.every((t) => tags.includes(t)) &&
    (f.after === null || row.occurredAt >= f.after) &&
    (f.before === null || row.occurredAt < f.before) &&
    f.metadataPairs.every((p) => pairs.includes(p))
  );
}

describe('copyFilter', () => {
  const rows: Row[] = [
    { occurredAt: 100, scope: 'work', tags: ['red', 'blue'], metadataPairs: ['k\u0000"v"'] },
    { occurredAt: 200, scope: null, tags: null, metadataPairs: null },
    { occurredAt: 300, scope: 'home', tags: ['blue'], metadataPairs: ['k\u0000"w"', 'n\u00001'] },
    { occurredAt: 400, scope: 'work', tags: [], metadataPairs: [] },
    { occurredAt: 500, scope: 'home', tags: ['red', 'green', 'blue'], metadataPairs: ['k\u0000"v"', 'n\u00001'] },
  ];
  const builder = new CopyFilterBuilder();
  for (const r of rows) builder.add(r);
  const columns = builder.build();

  const filters: MemoryFilter[] = [
    NO_FILTER,
    { ...NO_FILTER, scope: 'work' },
    { ...NO_FILTER, scope: 'nowhere' },
    { ...NO_FILTER, tagsAny: ['red', 'green'] },
    { ...NO_FILTER, tagsAny: ['never'] },
    { ...NO_FILTER, tagsAll: ['red', 'blue'] },
    { ...NO_FILTER, tagsAll: ['blue', 'never'] },
    { ...NO_FILTER, after: 200, before: 500 },
    { ...NO_FILTER, after: 500 },
    { ...NO_FILTER, before: 100 },
    { ...NO_FILTER, metadataPairs: ['k\u0000"v"'] },
    { ...NO_FILTER, metadataPairs: ['k\u0000"v"', 'n\u00001'] },
    { ...NO_FILTER, metadataPairs: ['k\u0000"x"'] },
    { scope: 'home', tagsAny: ['blue'], tagsAll: ['green'], after: 0, before: 1000, metadataPairs: ['n\u00001'] },
  ];

  it.each(filters.map((f, i) => [i, f] as const))('decides filter %i row by row as the Cypher predicate does', (_, f) => {
    const passes = copyFilter(columns, f);
    expect(rows.map((_, r) => passes(r))).toEqual(rows.map((row) => cypherDecides(row, f)));
  });

  it('numbers each string once, across scopes, tags and pairs', () => {
    expect(columns.numbers.size).toBe(2 + 3 + 3);
    expect(Array.from(columns.scope)).toEqual([0, -1, columns.numbers.get('home'), 0, columns.numbers.get('home')]);
  });
});
