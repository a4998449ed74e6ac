import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDGE_TYPES } from '@limbic/affect';
import { findCypherDir } from '@limbic/graph';

/**
 * The saved queries of cypher/browser are copies a user pastes into Neo4j Browser, so they spell
 * the resonance edge types out instead of including the registry's fragment; this keeps every
 * copy equal to libs/affect's list.
 */
describe('saved Browser queries (cypher/browser)', () => {
  const dir = join(findCypherDir(), 'browser');
  const files = readdirSync(dir).filter((f) => f.endsWith('.cypher'));

  it('name the resonance edge types as libs/affect lists them, in its order', () => {
    const alternations = files.flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/\[\w*:([A-Z_|]*SEMANTIC[A-Z_|]*)/g)].map((m) => ({ f, types: m[1] })));
    expect(alternations.length).toBeGreaterThanOrEqual(5);
    for (const a of alternations) expect(a).toEqual({ f: a.f, types: EDGE_TYPES.join('|') });
  });
});
