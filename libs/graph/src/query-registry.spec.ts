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
    expect(QueryRegistry.load(dir, ['health.ping']).get('health.ping')).toBe('CYPHER 25\nRETURN 1 AS ok');
  });

  it('has no query file that no code names', () => {
    expect(QueryRegistry.unused(join(findCypherDir(), 'queries'), QUERY_NAMES)).toEqual([]);
  });

  /**
   * System sweeps run for the worker across tenants (Neo4j is the source of truth for
   * pending work); each row they return, or take, carries its tenant, and the job it
   * becomes is scoped to it.
   */
  const SYSTEM_SWEEPS = new Set(['appraisal.find-pending', 'consolidation.find-due', 'consolidation.find-unscheduled', 'consolidation.set-schedules']);

  /** Index maintenance reads a count over all tenants and returns that number only. */
  const COUNTS_ONLY = new Set(['index.memory-count']);

  /** Schema statements (a slot's vector index), run through runRaw: no data, no tenant. */
  const SCHEMA = new Set(['reembed.create-index', 'reembed.drop-index', 'reembed.drop-legacy-index']);

  it('filters every tenant-data query by the tenant parameter', () => {
    const registry = QueryRegistry.load(join(findCypherDir(), 'queries'), QUERY_NAMES);
    for (const name of QUERY_NAMES) {
      const text = registry.get(name);
      if (!/\b(Memory|Agent|Goal|Concept)\b/.test(text)) continue;
      if (SCHEMA.has(name)) continue;
      if (COUNTS_ONLY.has(name)) {
        expect({ name, returns: /RETURN count\(\w+\) AS \w+\s*$/.test(text) }).toEqual({ name, returns: true });
        continue;
      }
      const scoped = SYSTEM_SWEEPS.has(name) ? /tenantId/.test(text) : /\$tenantId/.test(text);
      expect({ name, scoped }).toEqual({ name, scoped: true });
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
