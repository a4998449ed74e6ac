import { join } from 'node:path';
import { findCypherDir } from './cypher-dir';
import { stripComments } from './cypher-text';
import { QUERY_NAMES, type QueryName } from './query-names';
import { QueryRegistry } from './query-registry';

/**
 * A process holding an agent's vectors (resident-vectors) learns what changed since its copy
 * only from the memories stamped with a vectorRev after it (schema 018), so a query that adds a
 * searchable memory or changes what a search finds it by — a new Memory, a vector, a restore, a
 * patch that may move its scope or time — without raising and stamping one would leave that
 * memory out of exact searches. This reads every query, includes resolved, for such writes and
 * asks that it stamp `vectorRev`, or be listed with the reason it need not. Archiving and
 * deleting need no stamp: a search checks the rows its proof leans on.
 */
const NEED_NOT: Readonly<Partial<Record<QueryName, string>>> = {
  'reembed.write-vectors': 'fills the slot being built; no search reads it until reembed.switch, and a copy of the active slot is unaffected',
  'agent.set-goals': 'goal vectors, not memories',
};

describe('queries that change what an agent’s nearest-neighbour search finds stamp a vector revision', () => {
  const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
  const text = (name: QueryName): string => stripComments(registry.get(name));
  const searchable = /CREATE\s*\(\s*\w+\s*:\s*Memory\b|\.embedding\s*=|\[\s*r\.targetSlot\s*\]\s*=|\bSET\b[^\n]*\barchived\s*=\s*false\b|\bSET\s+m\s*\+=/;
  const stamps = /\bm\.vectorRev\s*=|\bvectorRev\s*:\s*vectorRev\b/;
  const writes = /\b(CREATE|MERGE|SET)\b/;
  const writers = QUERY_NAMES.filter((name) => writes.test(text(name)) && searchable.test(text(name)));

  it('finds the writers it is meant to find', () => {
    expect(writers).toEqual(expect.arrayContaining(['encode.create-memories', 'lifecycle.import-memories', 'lifecycle.memory-restore', 'memory.update-apply', 'reembed.write-vectors']));
  });

  it.each(writers)('%s stamps vectorRev, or says why it need not', (name) => {
    const reason = NEED_NOT[name];
    if (reason === undefined) {
      expect(text(name)).toMatch(stamps);
      expect(text(name)).toMatch(/\ba\.vectorRev\s*=\s*coalesce\(a\.vectorRev,\s*0\)\s*\+\s*1/);
    } else expect(text(name)).not.toMatch(stamps);
  });

  it('lists no query that is not a writer', () => {
    expect(Object.keys(NEED_NOT).filter((name) => !writers.includes(name as QueryName))).toEqual([]);
  });
});
