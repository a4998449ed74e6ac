import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCypherDir } from './cypher-dir';
import { QUERY_NAMES } from './query-names';
import { QueryRegistry, QueryRegistryError } from './query-registry';
import { readMigrations } from './migration-runner';

describe('QueryRegistry', () => {
  it('loads every named query of the repository', () => {
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
    for (const name of QUERY_NAMES) expect(registry.get(name).length).toBeGreaterThan(0);
  });

  it('refuses to start when a query file is missing, naming it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'limbic-q-'));
    writeFileSync(join(dir, 'health.ping.cypher'), 'RETURN 1 AS ok');
    expect(() => QueryRegistry.load(dir, ['health.ping', 'agent.create'])).toThrow(QueryRegistryError);
    expect(() => QueryRegistry.load(dir, ['health.ping', 'agent.create'])).toThrow(/agent\.create\.cypher/);
  });

  it('strips whole-line comments but keeps the query', () => {
    const dir = mkdtempSync(join(tmpdir(), 'limbic-q-'));
    writeFileSync(join(dir, 'health.ping.cypher'), '// why this query exists\nRETURN 1 AS ok\n');
    expect(QueryRegistry.load(dir, ['health.ping']).get('health.ping')).toBe('RETURN 1 AS ok');
  });

  it('has no query file that no code names', () => {
    expect(QueryRegistry.unused(join(findCypherDir(), 'queries'), QUERY_NAMES)).toEqual([]);
  });

  it('passes values only as parameters: no query text is built from strings', () => {
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
    for (const name of QUERY_NAMES) {
      const text = registry.get(name);
      // Every query that touches tenant data filters by the tenant parameter.
      if (/\b(Memory|Agent|Goal|Concept)\b/.test(text) && !name.startsWith('appraisal.find-pending')) {
        expect({ name, filtered: /\$tenantId/.test(text) }).toEqual({ name, filtered: true });
      }
    }
  });
});

describe('readMigrations', () => {
  it('orders schema files and splits statements', () => {
    const ms = readMigrations(join(findCypherDir(), 'schema'));
    expect(ms.map((m) => m.id)).toEqual([...ms.map((m) => m.id)].sort());
    expect(ms[0]?.statements.length).toBeGreaterThan(1);
    for (const m of ms) for (const s of m.statements) expect(s).not.toMatch(/;\s*$/);
  });
});
